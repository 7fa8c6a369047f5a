import type { AuditActor } from '@travel/audit';
import { badRequest } from '@travel/errors';
import type { Logger } from '@travel/logger';
import {
  actorProblems,
  type NewRuleFields,
  newRuleProblems,
  type PricingRule,
  type RuleSlot,
} from './pricing-rule';
import { ruleEntry } from './rule-audit';
import type { RuleChangeDeps } from './rule-changes';

export interface CreateRuleInput extends NewRuleFields {
  actorUserId: string;
  by: AuditActor;
}

/**
 * Stores a rule in an empty slot (a filled slot is `conflict`: update that rule instead) with its audit entry,
 * and answers once every replica has been told to drop its rules.
 */
export function createCreateRule({ rules, changes, now }: RuleChangeDeps) {
  return async function createRule(input: CreateRuleInput, logger: Logger): Promise<PricingRule> {
    const problems = [...actorProblems(input.actorUserId), ...newRuleProblems(input)];
    if (problems.length > 0) throw badRequest(problems);
    const slot = {
      kind: input.kind,
      tenantId: input.tenantId ?? null,
      service: input.service ?? null,
    } as RuleSlot; // newRuleProblems has checked kind and service
    const at = now();
    const rule = await rules.create(slot, input.bps, at, (made) =>
      ruleEntry(input.by, 'pricing_rule.created', made, at),
    );
    await changes.announce('pricing_rule.created', rule, logger);
    return rule;
  };
}
