import { AppError, badRequest } from '@travel/errors';
import type { Logger } from '@travel/logger';
import { actorProblems, bpsProblems, type PricingRule } from './pricing-rule';
import { logRuleChange } from './rule-audit';
import type { RuleChangeDeps } from './rule-changes';

export interface UpdateRuleInput {
  actorUserId: string;
  id: string;
  bps: number;
}

/**
 * Changes a rule's rate (its slot never changes: delete and create for that), and answers once every replica
 * has been told to drop its rules.
 */
export function createUpdateRule({ rules, changes, now }: RuleChangeDeps) {
  return async function updateRule(
    { actorUserId, id, bps }: UpdateRuleInput,
    logger: Logger,
  ): Promise<PricingRule> {
    const problems = [...actorProblems(actorUserId), ...bpsProblems(bps)];
    if (problems.length > 0) throw badRequest(problems);
    const updated = await rules.updateBps(id, bps, now());
    if (!updated) throw new AppError('not_found', 'No such pricing rule.');
    logRuleChange(logger, 'pricing_rule.updated', actorUserId, updated.rule, updated.previousBps);
    await changes.announce('pricing_rule.updated', updated.rule, logger);
    return updated.rule;
  };
}
