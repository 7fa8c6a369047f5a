import { type AuditEntry, type AuditOutbox, createAuditOutbox, withAuditEntry } from '@travel/audit';
import { isDuplicateKeyError, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { ApiSettings } from '../domain/settings/api-settings';
import { type ApiSettingsDocument, apiSettingsSchema } from './api-settings.schema';

const PLATFORM = 'platform';

export interface ApiSettingsRepository {
  /** The platform's settings; the first read stores the defaults. */
  get(defaults: ApiSettings): Promise<ApiSettings>;
  /** The change and its audit entry in one write. */
  update(changes: Partial<ApiSettings>, defaults: ApiSettings, entry: AuditEntry): Promise<ApiSettings>;
}

/** `audit`: the service's outbox; a reader that never writes may leave it to a private one. */
export function createApiSettingsRepository(
  connection: Connection,
  audit: AuditOutbox = createAuditOutbox(),
): ApiSettingsRepository {
  const model = audit.track(modelOn(connection, 'ApiSettings', apiSettingsSchema));
  return {
    async get(defaults) {
      const found = await model.findById(PLATFORM).lean<ApiSettingsDocument>();
      if (found) return toSettings(found);
      // Created by a unique insert, not an upsert: racing upserts are not told apart on the embedded store.
      await model.create({ _id: PLATFORM, ...defaults, updatedAt: new Date() }).catch((error: unknown) => {
        if (!isDuplicateKeyError(error)) throw error;
      });
      const created = await model.findById(PLATFORM).lean<ApiSettingsDocument>();
      if (!created) throw new Error('api settings missing right after insert');
      return toSettings(created);
    },
    async update(changes, defaults, entry) {
      await this.get(defaults);
      const doc = await model
        .findOneAndUpdate(
          { _id: PLATFORM },
          withAuditEntry({ $set: { ...changes, updatedAt: new Date() } }, entry),
          { new: true },
        )
        .lean<ApiSettingsDocument>();
      if (!doc) throw new Error('api settings vanished during update');
      audit.written();
      return toSettings(doc);
    },
  };
}

function toSettings(doc: ApiSettingsDocument): ApiSettings {
  return {
    apiEnabled: doc.apiEnabled,
    disabledScopes: [...doc.disabledScopes],
    defaultRateLimit: {
      limit: doc.defaultRateLimit.limit,
      windowSeconds: doc.defaultRateLimit.windowSeconds,
    },
  };
}
