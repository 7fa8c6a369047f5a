import { generateCars } from './car-inventory';
import type { FinishOffers } from './finish-offers';
import type { OfferSupply } from './offer-supply';
import { type CarRequest, checkCarQuery } from './search-queries';
import type { Searcher } from './searcher';

/** Car rentals at a pickup for `days` (until − from, a same-day rental counting one day). */
export function createSearchCars(deps: { finishOffers: FinishOffers; supply: OfferSupply; now: () => Date }) {
  return async function searchCars(request: CarRequest & { searcher: Searcher }, requestId: string) {
    const { searcher } = request;
    const query = checkCarQuery(request, deps.now());
    const results = await deps.finishOffers('car', generateCars(query), searcher, requestId);
    return { days: query.days, results, simulated: deps.supply.simulated };
  };
}
