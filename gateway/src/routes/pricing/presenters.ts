import type { pricing } from '@travel/contracts';
import { iso } from '../common/iso';

// Proto messages → the internal API's JSON shapes (internal.yaml). Absent optionals become null.

export function presentRule(rule: pricing.PricingRule | undefined) {
  if (!rule) throw new Error('pricing answered no rule');
  return {
    id: rule.id,
    kind: rule.kind,
    tenantId: rule.tenantId ?? null,
    service: rule.service ?? null,
    bps: rule.bps,
    createdAt: iso(rule.createdAt),
    updatedAt: iso(rule.updatedAt),
  };
}
