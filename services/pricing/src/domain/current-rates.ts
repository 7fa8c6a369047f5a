import type { PricingRuleRepository } from '../db/pricing-rule.repository';
import type { Rates } from './price';
import { resolveRates, type Service, slotsFor } from './pricing-rule';

export interface CurrentRatesDeps {
  rules: PricingRuleRepository;
  defaultMarginBps: number;
}

/**
 * The rates in force now for a tenant (null: the platform) and a service: one read of the rules in the slots
 * that can decide them, and no cache, so a rule change made through any replica prices the very next call.
 */
export function createCurrentRates({ rules, defaultMarginBps }: CurrentRatesDeps) {
  return async function currentRates(tenantId: string | null, service: Service): Promise<Rates> {
    const stored = await rules.findInSlots(slotsFor(tenantId, service));
    return resolveRates(stored, tenantId, service, defaultMarginBps);
  };
}

export type CurrentRates = ReturnType<typeof createCurrentRates>;
