import type { AuditActor } from '@travel/audit';
import { AppError, badRequest } from '@travel/errors';
import type { Logger } from '@travel/logger';
import { actorProblems } from './pricing-rule';
import { ruleEntry } from './rule-audit';
import type { RuleChangeDeps } from './rule-changes';

export interface DeleteRuleInput {
  actorUserId: string;
  by: AuditActor;
  id: string;
}

/**
 * Removes a rule (its slot falls back to the next rule in precedence, or to the configured default), and answers
 * once every replica has been told to drop its rules.
 */
export function createDeleteRule({ rules, changes, now }: RuleChangeDeps) {
  return async function deleteRule({ actorUserId, by, id }: DeleteRuleInput, logger: Logger): Promise<void> {
    const problems = actorProblems(actorUserId);
    if (problems.length > 0) throw badRequest(problems);
    const rule = await rules.findById(id);
    if (!rule || !(await rules.delete(id, ruleEntry(by, 'pricing_rule.deleted', rule, now()))))
      throw new AppError('not_found', 'No such pricing rule.');
    await changes.announce('pricing_rule.deleted', rule, logger);
  };
}
