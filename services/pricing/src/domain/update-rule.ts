import { AppError, badRequest } from '@travel/errors';
import type { Logger } from '@travel/logger';
import type { PricingRuleRepository } from '../db/pricing-rule.repository';
import { actorProblems, bpsProblems, type PricingRule } from './pricing-rule';
import { logRuleChange } from './rule-audit';

export interface UpdateRuleInput {
  actorUserId: string;
  id: string;
  bps: number;
}

/** Changes a rule's rate; its slot (kind, tenant, service) never changes: delete and create for that. */
export function createUpdateRule({ rules, now }: { rules: PricingRuleRepository; now: () => Date }) {
  return async function updateRule(
    { actorUserId, id, bps }: UpdateRuleInput,
    logger: Logger,
  ): Promise<PricingRule> {
    const problems = [...actorProblems(actorUserId), ...bpsProblems(bps)];
    if (problems.length > 0) throw badRequest(problems);
    const updated = await rules.updateBps(id, bps, now());
    if (!updated) throw new AppError('not_found', 'No such pricing rule.');
    logRuleChange(logger, 'pricing_rule.updated', actorUserId, updated.rule, updated.previousBps);
    return updated.rule;
  };
}
