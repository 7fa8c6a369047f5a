import { AppError } from '@travel/errors';
import type { ConsoleIpRulesRepository } from '../../db/console-ip-rules.repository';
import { auditActorOf, entryOf } from '../audit/audit';
import type { IdentityChanges } from '../identity-changes';
import { assertPlatformStaff } from '../staff/platform-staff';
import type { StaffActor } from '../staff/staff';
import { assertKeepsActorIn } from './console-ip-guard';

const ATTEMPTS = 20;

/**
 * Removes a rule, with its audit entry in the same write; refused (409) when the remaining set would lock the
 * actor's own address out.
 */
export function createDeleteConsoleIpRule(deps: {
  rules: ConsoleIpRulesRepository;
  changes: IdentityChanges;
  now: () => Date;
}) {
  const { rules, changes, now } = deps;
  return async function deleteConsoleIpRule(actor: StaffActor, id: string): Promise<void> {
    assertPlatformStaff(actor);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const current = await rules.read();
      const removed = current.rules.find((rule) => rule.id === id);
      if (!removed) throw new AppError('not_found', 'No console IP rule has this id.');
      const next = current.rules.filter((rule) => rule.id !== id);
      assertKeepsActorIn(next, actor.ip);
      const at = now();
      const entry = entryOf(
        {
          ...auditActorOf(actor),
          action: 'console_ip_rule.deleted',
          target: { type: 'console_ip_rule', id },
          details: { action: removed.action, cidr: removed.cidr },
        },
        at,
      );
      if (
        await changes.announcing('console_ip_rules', id, () =>
          rules.replace(current.version, next, at, entry),
        )
      )
        return;
    }
    throw new AppError('conflict', 'The IP rules changed while saving; try again.');
  };
}
