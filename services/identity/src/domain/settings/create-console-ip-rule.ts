import { randomBytes } from 'node:crypto';
import { parseAllowListEntry } from '@travel/api-keys';
import { AppError, badRequest, type FieldProblem } from '@travel/errors';
import type { ConsoleIpRulesRepository } from '../../db/console-ip-rules.repository';
import { auditActorOf, entryOf } from '../audit/audit';
import type { IdentityChanges } from '../identity-changes';
import { assertPlatformStaff } from '../staff/platform-staff';
import type { StaffActor } from '../staff/staff';
import { assertKeepsActorIn } from './console-ip-guard';
import { type ConsoleIpRule, MAX_CONSOLE_IP_RULES } from './platform-settings';

export interface CreateConsoleIpRuleInput {
  action: string;
  cidr: string;
  note: string;
}

/** Writers that lost the version race read again and re-judge; each round one writer wins, so 20 rounds cover 20 racing writers. */
const ATTEMPTS = 20;

/**
 * Adds an allow or deny rule, with its audit entry in the same write; refused (409) when the resulting set would
 * lock the actor's own address out.
 */
export function createCreateConsoleIpRule(deps: {
  rules: ConsoleIpRulesRepository;
  changes: IdentityChanges;
  now: () => Date;
}) {
  const { rules, changes, now } = deps;
  return async function createConsoleIpRule(
    actor: StaffActor,
    input: CreateConsoleIpRuleInput,
  ): Promise<ConsoleIpRule> {
    assertPlatformStaff(actor);
    const rule = newRule(actor, input, now());
    const entry = entryOf(
      {
        ...auditActorOf(actor),
        action: 'console_ip_rule.created',
        target: { type: 'console_ip_rule', id: rule.id },
        details: { action: rule.action, cidr: rule.cidr, note: rule.note },
      },
      rule.createdAt,
    );
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const current = await rules.read();
      if (current.rules.length >= MAX_CONSOLE_IP_RULES)
        throw new AppError('conflict', `At most ${MAX_CONSOLE_IP_RULES} console IP rules; delete one first.`);
      const next = [...current.rules, rule];
      assertKeepsActorIn(next, actor.ip);
      const replace = () => rules.replace(current.version, next, rule.createdAt, entry);
      if (await changes.announcing('console_ip_rules', rule.id, replace)) return rule;
    }
    throw new AppError('conflict', 'The IP rules changed while saving; try again.');
  };
}

function newRule(actor: StaffActor, input: CreateConsoleIpRuleInput, at: Date): ConsoleIpRule {
  const problems: FieldProblem[] = [];
  if (input.action !== 'allow' && input.action !== 'deny')
    problems.push({ path: 'action', message: 'Must be "allow" or "deny".' });
  const cidr = input.cidr.trim();
  if (!parseAllowListEntry(cidr))
    problems.push({ path: 'cidr', message: 'Must be an IPv4 or IPv6 address or CIDR, e.g. 203.0.113.0/24.' });
  if (input.note.length > 200) problems.push({ path: 'note', message: 'Must be at most 200 characters.' });
  if (problems.length > 0) throw badRequest(problems);
  return {
    id: `ipr_${randomBytes(9).toString('base64url')}`,
    action: input.action as ConsoleIpRule['action'],
    cidr,
    note: input.note.trim(),
    createdAt: at,
    createdBy: actor.email,
  };
}
