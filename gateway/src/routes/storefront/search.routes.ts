import type { ServiceClients } from '../../clients/service-clients';
import type { RouteDefinition } from '../../http/route-table';
import { searchRoutesAt } from '../common/search-routes';
import { storefrontDiscountLines } from './search-discounts';

/** How the storefront searches: no caller (a public route), the platform default margin, tokens bound to it. */
const STOREFRONT_SEARCHER = { storefront: true } as const;

/**
 * `POST /api/search/flights|hotels|cars` (public, limited per client address): the partner API's bodies
 * and offers, priced with the platform default margin, each with the storefront's automatic discount line;
 * their tokens book only on the storefront.
 */
export function storefrontSearchRoutes(deps: {
  clients: ServiceClients;
  storefrontSearchesPerMinute: number;
}): RouteDefinition[] {
  return searchRoutesAt({
    clients: deps.clients,
    prefix: '/api/search',
    access: {
      kind: 'public',
      limit: { name: 'storefront-search', limit: deps.storefrontSearchesPerMinute, windowSeconds: 60 },
    },
    searcherOf: () => STOREFRONT_SEARCHER,
    discountLines: storefrontDiscountLines(deps.clients),
  });
}
