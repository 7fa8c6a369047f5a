import type { AuditActor } from '@travel/audit';
import { AppError, badRequest } from '@travel/errors';
import type { Logger } from '@travel/logger';
import { actorProblems, bpsProblems, type PricingRule } from './pricing-rule';
import { ruleEntry } from './rule-audit';
import type { RuleChangeDeps } from './rule-changes';

export interface UpdateRuleInput {
  actorUserId: string;
  by: AuditActor;
  id: string;
  bps: number;
}

/** Tries of the read-then-conditional-write when other changes of the rule keep landing in between. */
const TRIES = 3;

/**
 * Changes a rule's rate (its slot never changes: delete and create for that), with an audit entry naming the
 * rate before (the write is conditional on it), and answers once every replica has been told to drop its rules.
 */
export function createUpdateRule({ rules, changes, now }: RuleChangeDeps) {
  return async function updateRule(
    { actorUserId, by, id, bps }: UpdateRuleInput,
    logger: Logger,
  ): Promise<PricingRule> {
    const problems = [...actorProblems(actorUserId), ...bpsProblems(bps)];
    if (problems.length > 0) throw badRequest(problems);
    for (let attempt = 1; ; attempt++) {
      const current = await rules.findById(id);
      if (!current) throw new AppError('not_found', 'No such pricing rule.');
      const at = now();
      const entry = ruleEntry(by, 'pricing_rule.updated', { ...current, bps }, at, current.bps);
      const updated = await rules.updateBps(id, current.bps, bps, at, entry);
      if (updated) {
        await changes.announce('pricing_rule.updated', updated, logger);
        return updated;
      }
      if (attempt === TRIES) throw new AppError('conflict', 'The rule changed meanwhile; read it again.');
    }
  };
}
