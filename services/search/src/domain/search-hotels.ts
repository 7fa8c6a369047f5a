import type { FinishOffers } from './finish-offers';
import { generateHotels } from './hotel-inventory';
import type { OfferSupply } from './offer-supply';
import { checkHotelQuery, type HotelRequest } from './search-queries';
import type { Searcher } from './searcher';

/** Hotels of a city for a stay of `nights` (checkOut − checkIn) in `rooms` rooms. */
export function createSearchHotels(deps: {
  finishOffers: FinishOffers;
  supply: OfferSupply;
  now: () => Date;
}) {
  return async function searchHotels(request: HotelRequest & { searcher: Searcher }, requestId: string) {
    const { searcher } = request;
    const query = checkHotelQuery(request, deps.now());
    const results = await deps.finishOffers('hotel', generateHotels(query), searcher, requestId);
    return { nights: query.nights, results, simulated: deps.supply.simulated };
  };
}
