import { type AuditActor, type AuditEntry, auditEntry } from '@travel/audit';
import type { PricingRule } from './pricing-rule';

export type RuleAction = 'pricing_rule.created' | 'pricing_rule.updated' | 'pricing_rule.deleted';

/**
 * A rule change's audit entry, stored in the same write as the change (docs/decisions/audit.md): the rule's slot
 * and rate, and for an update the rate before.
 */
export function ruleEntry(
  by: AuditActor,
  action: RuleAction,
  rule: PricingRule,
  at: Date,
  previousBps?: number,
): AuditEntry {
  const details = {
    kind: rule.kind,
    tenantId: rule.tenantId,
    service: rule.service,
    bps: rule.bps,
    ...(previousBps === undefined ? {} : { previousBps }),
  };
  return auditEntry(by, { action, target: { type: 'pricing_rule', id: rule.id }, details }, at);
}
