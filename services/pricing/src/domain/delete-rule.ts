import { AppError, badRequest } from '@travel/errors';
import type { Logger } from '@travel/logger';
import { actorProblems } from './pricing-rule';
import { logRuleChange } from './rule-audit';
import type { RuleChangeDeps } from './rule-changes';

export interface DeleteRuleInput {
  actorUserId: string;
  id: string;
}

/**
 * Removes a rule (its slot falls back to the next rule in precedence, or to the configured default), and answers
 * once every replica has been told to drop its rules.
 */
export function createDeleteRule({ rules, changes }: Omit<RuleChangeDeps, 'now'>) {
  return async function deleteRule({ actorUserId, id }: DeleteRuleInput, logger: Logger): Promise<void> {
    const problems = actorProblems(actorUserId);
    if (problems.length > 0) throw badRequest(problems);
    const rule = await rules.delete(id);
    if (!rule) throw new AppError('not_found', 'No such pricing rule.');
    logRuleChange(logger, 'pricing_rule.deleted', actorUserId, rule);
    await changes.announce('pricing_rule.deleted', rule, logger);
  };
}
