import { badRequest, type FieldProblem } from '@travel/errors';
import type {
  PlatformSettingsChanges,
  PlatformSettingsRepository,
} from '../../db/platform-settings.repository';
import { auditActorOf, entryOf } from '../audit/audit';
import { mobileProblems } from '../customers/customer-fields';
import type { IdentityChanges } from '../identity-changes';
import { assertPlatformStaff } from '../staff/platform-staff';
import type { StaffActor } from '../staff/staff';
import { emailProblems } from '../staff/staff-fields';
import type { PlatformSettings } from './platform-settings';

export interface UpdatePlatformSettingsInput {
  siteName?: string | undefined;
  supportEmail?: string | undefined;
  supportPhone?: string | undefined;
  storefrontEnabled?: boolean | undefined;
}

/** Saves the platform settings with the change's audit entry; every gateway drops its cached copy when it hears of it. */
export function createUpdatePlatformSettings(deps: {
  settings: PlatformSettingsRepository;
  changes: IdentityChanges;
  now: () => Date;
}) {
  const { settings, changes, now } = deps;
  return async function updatePlatformSettings(
    actor: StaffActor,
    input: UpdatePlatformSettingsInput,
  ): Promise<PlatformSettings> {
    assertPlatformStaff(actor);
    const wanted = changesOf(input);
    if (Object.keys(wanted).length === 0) return settings.get();
    const before = await settings.get();
    const changed = Object.fromEntries(
      Object.entries(wanted).map(([field, value]) => [
        field,
        { from: before[field as keyof PlatformSettingsChanges], to: value },
      ]),
    );
    const at = now();
    const entry = entryOf(
      {
        ...auditActorOf(actor),
        action: 'platform_settings.updated',
        target: { type: 'platform_settings', id: 'platform' },
        details: changed,
      },
      at,
    );
    const updated = await changes.announcing('platform_settings', 'platform', () =>
      settings.update(wanted, at, entry),
    );
    return updated;
  };
}

function changesOf(input: UpdatePlatformSettingsInput): PlatformSettingsChanges {
  const problems: FieldProblem[] = [];
  const wanted: PlatformSettingsChanges = {};
  if (input.siteName !== undefined) {
    wanted.siteName = input.siteName.trim();
    if (wanted.siteName.length < 1 || wanted.siteName.length > 100)
      problems.push({ path: 'siteName', message: 'Must be 1 to 100 characters.' });
  }
  if (input.supportEmail !== undefined) {
    wanted.supportEmail = input.supportEmail.trim().toLowerCase();
    problems.push(...emailProblems(wanted.supportEmail).map((p) => ({ ...p, path: 'supportEmail' })));
  }
  if (input.supportPhone !== undefined) {
    wanted.supportPhone = input.supportPhone.trim();
    if (wanted.supportPhone !== '') problems.push(...mobileProblems(wanted.supportPhone, 'supportPhone'));
  }
  if (input.storefrontEnabled !== undefined) wanted.storefrontEnabled = input.storefrontEnabled;
  if (problems.length > 0) throw badRequest(problems);
  return wanted;
}
