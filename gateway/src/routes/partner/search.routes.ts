import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import type { RouteDefinition } from '../../http/route-table';
import { searchRoutesAt } from '../common/search-routes';

/** `POST /search/flights|hotels|cars` (scope `search:read`): simulated inventory priced for the caller's tenant. */
export function searchRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  return searchRoutesAt({
    clients,
    prefix: '/api/v1/search',
    access: { kind: 'partner', scope: 'search:read' },
    searcherOf: (res) => ({ caller: callerOf(res), storefront: false }),
  });
}
