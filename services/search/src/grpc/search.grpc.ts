import type { search } from '@travel/contracts';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import type { createSearchCars } from '../domain/search-cars';
import type { createSearchFlights } from '../domain/search-flights';
import type { createSearchHotels } from '../domain/search-hotels';

export interface SearchUseCases {
  searchFlights: ReturnType<typeof createSearchFlights>;
  searchHotels: ReturnType<typeof createSearchHotels>;
  searchCars: ReturnType<typeof createSearchCars>;
}

/** Thin handlers: the request already has the use cases' shape; the request id goes on to pricing. */
export function createSearchGrpc(
  useCases: SearchUseCases,
): ServiceImplementation<typeof search.SearchServiceDefinition, RequestContext> {
  return {
    async searchFlights(request, context) {
      return useCases.searchFlights(request, context.requestId);
    },
    async searchHotels(request, context) {
      return useCases.searchHotels(request, context.requestId);
    },
    async searchCars(request, context) {
      return useCases.searchCars(request, context.requestId);
    },
  };
}
