import type { search } from '@travel/contracts';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import type { createSearchCars } from '../domain/search-cars';
import type { createSearchFlights } from '../domain/search-flights';
import type { createSearchHotels } from '../domain/search-hotels';
import { searcherOf } from '../domain/searcher';

export interface SearchUseCases {
  searchFlights: ReturnType<typeof createSearchFlights>;
  searchHotels: ReturnType<typeof createSearchHotels>;
  searchCars: ReturnType<typeof createSearchCars>;
}

/** Thin handlers: resolve the searcher (no caller and not the storefront: refused); the request id goes on to pricing. */
export function createSearchGrpc(
  useCases: SearchUseCases,
): ServiceImplementation<typeof search.SearchServiceDefinition, RequestContext> {
  return {
    async searchFlights(request, context) {
      return useCases.searchFlights({ ...request, searcher: searcherOf(request) }, context.requestId);
    },
    async searchHotels(request, context) {
      return useCases.searchHotels({ ...request, searcher: searcherOf(request) }, context.requestId);
    },
    async searchCars(request, context) {
      return useCases.searchCars({ ...request, searcher: searcherOf(request) }, context.requestId);
    },
  };
}
