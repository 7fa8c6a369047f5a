import type { reports } from '@travel/contracts';
import { badRequest } from '@travel/errors';
import type { PlaceTally, SaleFactRepository } from '../db/sale-fact.repository';
import type { SearchFactRepository } from '../db/search-fact.repository';
import { periodOf } from './period';
import { tenantFilterOf } from './scope';

/**
 * Destinations of a period ranked by bookings, then searches, then name. Bookings are those the scope
 * allows; searches are the storefront's anonymous ones, the same for every caller.
 */
export function createReadPopularDestinations(deps: {
  sales: SaleFactRepository;
  searches: SearchFactRepository;
}) {
  return async (request: reports.GetPopularDestinationsRequest): Promise<reports.PopularDestination[]> => {
    const tenantId = tenantFilterOf(request.caller, request.tenantId);
    const period = periodOf(request);
    if (!Number.isInteger(request.limit) || request.limit < 1 || request.limit > 100)
      throw badRequest([{ path: 'limit', message: 'must be an integer from 1 to 100' }]);
    const [booked, searched] = await Promise.all([
      deps.sales.bookedPlaces({ ...period, tenantId }),
      deps.searches.searchedPlaces(period),
    ]);
    const places = new Map<string, reports.PopularDestination>();
    const placeOf = (tally: PlaceTally) => {
      const key = `${tally.service}|${tally.key}`;
      const place = places.get(key) ?? {
        service: tally.service,
        destination: tally.label,
        bookings: 0,
        searches: 0,
      };
      places.set(key, place);
      return place;
    };
    for (const tally of booked) placeOf(tally).bookings += tally.count;
    for (const tally of searched) placeOf(tally).searches += tally.count;
    return [...places.values()]
      .sort(
        (a, b) =>
          b.bookings - a.bookings ||
          b.searches - a.searches ||
          a.destination.localeCompare(b.destination) ||
          a.service.localeCompare(b.service),
      )
      .slice(0, request.limit);
  };
}
