import { badRequest, type FieldProblem } from '@travel/errors';
import type { ApiSettingsRepository } from '../../db/api-settings.repository';
import { normaliseScopes, rateLimitProblems, scopeProblems } from '../api-access/key-settings';
import { auditActorOf, entryOf } from '../audit/audit';
import type { IdentityChanges } from '../identity-changes';
import { assertPlatformStaff } from '../staff/platform-staff';
import type { StaffActor } from '../staff/staff';
import type { ApiSettings } from './api-settings';

export interface UpdateApiSettingsDeps {
  settings: ApiSettingsRepository;
  defaults: ApiSettings;
  changes: IdentityChanges;
}

export interface UpdateApiSettingsInput extends Partial<ApiSettings> {
  actor: StaffActor;
}

/**
 * Flips the platform switches, with the change's audit entry in the same write; every gateway drops its cached
 * settings when it hears of the change.
 */
export function createUpdateApiSettings({ settings, defaults, changes }: UpdateApiSettingsDeps) {
  return async function updateApiSettings({ actor, ...input }: UpdateApiSettingsInput): Promise<ApiSettings> {
    assertPlatformStaff(actor);
    const problems: FieldProblem[] = [
      ...scopeProblems(input.disabledScopes ?? [], 'disabledScopes', { required: false }),
      ...(input.defaultRateLimit ? rateLimitProblems(input.defaultRateLimit, 'defaultRateLimit') : []),
    ];
    if (problems.length > 0) throw badRequest(problems);
    const wanted = changesOf(input);
    if (Object.keys(wanted).length === 0) return settings.get(defaults);
    const entry = entryOf(
      {
        ...auditActorOf(actor),
        action: 'api_settings.updated',
        target: { type: 'api_settings', id: 'platform' },
        details: { ...wanted },
      },
      new Date(),
    );
    const updated = await changes.announcing('api_settings', 'platform', () =>
      settings.update(wanted, defaults, entry),
    );
    return updated;
  };
}

function changesOf(input: Partial<ApiSettings>): Partial<ApiSettings> {
  const changes: Partial<ApiSettings> = {};
  if (input.apiEnabled !== undefined) changes.apiEnabled = input.apiEnabled;
  if (input.disabledScopes !== undefined) changes.disabledScopes = normaliseScopes(input.disabledScopes);
  if (input.defaultRateLimit !== undefined) changes.defaultRateLimit = input.defaultRateLimit;
  return changes;
}
