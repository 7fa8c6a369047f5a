import type { ApiSettingsRepository } from '../../db/api-settings.repository';
import type { ApiSettings } from './api-settings';

export interface GetApiSettingsDeps {
  settings: ApiSettingsRepository;
  defaults: ApiSettings;
}

/** The switches every gateway applies; defaults come from configuration until an administrator changes them. */
export function createGetApiSettings({ settings, defaults }: GetApiSettingsDeps) {
  return function getApiSettings(): Promise<ApiSettings> {
    return settings.get(defaults);
  };
}
