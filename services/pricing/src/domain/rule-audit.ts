import type { Logger } from '@travel/logger';
import type { PricingRule } from './pricing-rule';

export type RuleAction = 'pricing_rule.created' | 'pricing_rule.updated' | 'pricing_rule.deleted';

/**
 * A rule change, written to the request's log line with who made it. Pricing keeps no audit store of its own:
 * the log (with the gateway's request id) is the trail, as the issue asks for nothing more.
 */
export function logRuleChange(
  logger: Logger,
  action: RuleAction,
  actorUserId: string,
  rule: PricingRule,
  previousBps?: number,
): void {
  logger.info(
    {
      audit: true,
      action,
      actor_user_id: actorUserId,
      rule_id: rule.id,
      kind: rule.kind,
      tenant_id: rule.tenantId,
      service: rule.service,
      bps: rule.bps,
      ...(previousBps === undefined ? {} : { previous_bps: previousBps }),
    },
    action,
  );
}
