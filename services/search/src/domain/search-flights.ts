import type { FinishOffers } from './finish-offers';
import { generateFlights } from './flight-inventory';
import type { OfferSupply } from './offer-supply';
import { checkFlightQuery, type FlightRequest } from './search-queries';
import type { Searcher } from './searcher';

/** Flights one way or round trip: the return leg swaps from/to and flies on returnDate. */
export function createSearchFlights(deps: {
  finishOffers: FinishOffers;
  supply: OfferSupply;
  now: () => Date;
}) {
  return async function searchFlights(request: FlightRequest & { searcher: Searcher }, requestId: string) {
    const { searcher } = request;
    const query = checkFlightQuery(request, deps.now());
    const { adults, cabin } = query;
    const onward = generateFlights({ from: query.from, to: query.to, date: query.departDate, adults, cabin });
    const back = query.returnDate
      ? generateFlights({ from: query.to, to: query.from, date: query.returnDate, adults, cabin })
      : [];
    const offers = await deps.finishOffers('flight', [...onward, ...back], searcher, requestId);
    return {
      onward: offers.slice(0, onward.length),
      return: offers.slice(onward.length),
      roundTrip: query.returnDate !== undefined,
      simulated: deps.supply.simulated,
    };
  };
}
