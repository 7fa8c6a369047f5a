import type { Rates } from '@travel/prices';
import type { RulesInSlots } from './cached-rules';
import { resolveRates, type Service, slotsFor } from './pricing-rule';

export interface CurrentRatesDeps {
  rules: RulesInSlots;
  defaultMarginBps: number;
}

/**
 * The rates in force now for a tenant (null: the platform) and a service, from the rules of the slots that can
 * decide them (the service passes the rules held in memory, dropped by every change before it is answered).
 */
export function createCurrentRates({ rules, defaultMarginBps }: CurrentRatesDeps) {
  return async function currentRates(tenantId: string | null, service: Service): Promise<Rates> {
    const stored = await rules.findInSlots(slotsFor(tenantId, service));
    return resolveRates(stored, tenantId, service, defaultMarginBps);
  };
}

export type CurrentRates = ReturnType<typeof createCurrentRates>;
