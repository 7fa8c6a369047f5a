import { isDuplicateKeyError, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { ApiSettings } from '../domain/settings/api-settings';
import { type ApiSettingsDocument, apiSettingsSchema } from './api-settings.schema';

const PLATFORM = 'platform';

export interface ApiSettingsRepository {
  /** The platform's settings; the first read stores the defaults. */
  get(defaults: ApiSettings): Promise<ApiSettings>;
  update(changes: Partial<ApiSettings>, defaults: ApiSettings): Promise<ApiSettings>;
}

export function createApiSettingsRepository(connection: Connection): ApiSettingsRepository {
  const model = modelOn(connection, 'ApiSettings', apiSettingsSchema);
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
    async update(changes, defaults) {
      await this.get(defaults);
      const doc = await model
        .findOneAndUpdate({ _id: PLATFORM }, { $set: { ...changes, updatedAt: new Date() } }, { new: true })
        .lean<ApiSettingsDocument>();
      if (!doc) throw new Error('api settings vanished during update');
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
