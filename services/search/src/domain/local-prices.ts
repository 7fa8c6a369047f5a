import { priceOfRupees } from '@travel/prices';
import type { CachedRates } from './cached-rates';
import type { PriceOffers } from './finish-offers';

/**
 * Prices a search's offers in this process, with pricing's own formula (`@travel/prices`) and the rates in force
 * from the read model: the same prices pricing's `PriceOffers` answers, without a call per search.
 */
export function createLocalPriceOffers({ rates }: { rates: Pick<CachedRates, 'ratesOf'> }): PriceOffers {
  return async ({ tenantId, service, subtotals }, requestId) => {
    const inForce = await rates.ratesOf(tenantId, service, requestId);
    return subtotals.map((subtotal) => priceOfRupees(subtotal, inForce));
  };
}
