import { AppError, badRequest } from '@travel/errors';
import type { Logger } from '@travel/logger';
import type { PricingRuleRepository } from '../db/pricing-rule.repository';
import { actorProblems } from './pricing-rule';
import { logRuleChange } from './rule-audit';

export interface DeleteRuleInput {
  actorUserId: string;
  id: string;
}

/** Removes a rule; its slot falls back to the next rule in precedence, or to the configured default. */
export function createDeleteRule({ rules }: { rules: PricingRuleRepository }) {
  return async function deleteRule({ actorUserId, id }: DeleteRuleInput, logger: Logger): Promise<void> {
    const problems = actorProblems(actorUserId);
    if (problems.length > 0) throw badRequest(problems);
    const rule = await rules.delete(id);
    if (!rule) throw new AppError('not_found', 'No such pricing rule.');
    logRuleChange(logger, 'pricing_rule.deleted', actorUserId, rule);
  };
}
