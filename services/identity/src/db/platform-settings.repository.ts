import { type AuditEntry, type AuditOutbox, createAuditOutbox, withAuditEntry } from '@travel/audit';
import { isDuplicateKeyError, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import { DEFAULT_PLATFORM_SETTINGS, type PlatformSettings } from '../domain/settings/platform-settings';
import { type PlatformSettingsDocument, platformSettingsSchema } from './platform-settings.schema';

const PLATFORM = 'platform';

export type PlatformSettingsChanges = Partial<Omit<PlatformSettings, 'updatedAt'>>;

export interface PlatformSettingsRepository {
  /** The stored settings, or the defaults while none were ever saved. */
  get(): Promise<PlatformSettings>;
  /** The change and its audit entry in one write. */
  update(changes: PlatformSettingsChanges, at: Date, entry: AuditEntry): Promise<PlatformSettings>;
}

/** `audit`: the service's outbox; a reader that never writes (the gateway's cache tests) may leave it to a private one. */
export function createPlatformSettingsRepository(
  connection: Connection,
  audit: AuditOutbox = createAuditOutbox(),
): PlatformSettingsRepository {
  const model = audit.track(modelOn(connection, 'PlatformSettings', platformSettingsSchema));
  return {
    async get() {
      const found = await model.findById(PLATFORM).lean<PlatformSettingsDocument>();
      return found ? toSettings(found) : { ...DEFAULT_PLATFORM_SETTINGS };
    },
    async update(changes, at, entry) {
      // Created once by a unique insert, not an upsert: racing upserts are not told apart on the embedded store.
      const { updatedAt: _never, ...defaults } = DEFAULT_PLATFORM_SETTINGS;
      await model.create({ _id: PLATFORM, ...defaults, updatedAt: null }).catch((error: unknown) => {
        if (!isDuplicateKeyError(error)) throw error;
      });
      const doc = await model
        .findOneAndUpdate({ _id: PLATFORM }, withAuditEntry({ $set: { ...changes, updatedAt: at } }, entry), {
          new: true,
        })
        .lean<PlatformSettingsDocument>();
      if (!doc) throw new Error('platform settings vanished during update');
      audit.written();
      return toSettings(doc);
    },
  };
}

function toSettings(doc: PlatformSettingsDocument): PlatformSettings {
  return {
    siteName: doc.siteName,
    supportEmail: doc.supportEmail,
    supportPhone: doc.supportPhone ?? '',
    storefrontEnabled: doc.storefrontEnabled,
    updatedAt: doc.updatedAt ?? null,
  };
}
