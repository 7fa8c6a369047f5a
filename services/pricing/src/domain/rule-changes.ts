import type { Logger } from '@travel/logger';
import type { PricingRuleRepository } from '../db/pricing-rule.repository';
import type { PricingRule } from './pricing-rule';
import type { RuleAction } from './rule-audit';

/** Tells every pricing replica that the rules changed (see `events/rule-changes.publisher.ts`). */
export interface RuleChanges {
  /**
   * Resolves once the change is broadcast and heard back, or once the bounded wait is over; either way this
   * replica's rules are dropped by then. Never throws: the change is stored already.
   */
  announce(action: RuleAction, rule: PricingRule, logger: Logger): Promise<void>;
}

/** What the three rule-changing use cases need. */
export interface RuleChangeDeps {
  rules: PricingRuleRepository;
  changes: RuleChanges;
  now: () => Date;
}
