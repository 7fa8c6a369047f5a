import { badRequest } from '@travel/errors';
import type { Rates } from '@travel/prices';
import type { CurrentRates } from './current-rates';
import { isService, serviceProblems, tenantIdProblems } from './pricing-rule';

export interface RatesInForceInput {
  /** Absent: the platform (its default margin). */
  tenantId?: string | undefined;
  service: string;
}

/**
 * The rates in force now for a tenant and a service, from the rules in memory, as `Quote` and `PriceOffers` use
 * them: search keeps them and prices its offers itself (docs/decisions/search-and-pricing.md, "Prices").
 */
export function createRatesInForce({ currentRates }: { currentRates: CurrentRates }) {
  return async function ratesInForce({ tenantId, service }: RatesInForceInput): Promise<Rates> {
    const problems = [...tenantIdProblems(tenantId), ...serviceProblems(service)];
    if (problems.length > 0 || !isService(service)) throw badRequest(problems);
    return currentRates(tenantId ?? null, service);
  };
}
