import type { PricingRuleRepository } from '../db/pricing-rule.repository';
import { type EffectiveDefault, effectiveDefaults, type PricingRule } from './pricing-rule';

export interface RuleListing {
  rules: PricingRule[];
  /** The configured defaults in force for the platform slots that no stored rule fills. */
  effectiveDefaults: EffectiveDefault[];
}

export function createListRules({
  rules,
  defaultMarginBps,
}: {
  rules: PricingRuleRepository;
  defaultMarginBps: number;
}) {
  return async function listRules(): Promise<RuleListing> {
    const stored = await rules.list();
    return { rules: stored, effectiveDefaults: effectiveDefaults(stored, defaultMarginBps) };
  };
}
