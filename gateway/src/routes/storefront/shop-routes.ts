import type { ServiceClients } from '../../clients/service-clients';
import type { RouteDefinition } from '../../http/route-table';
import { storefrontBookingRoutes } from './bookings.routes';
import { storefrontSearchRoutes } from './search.routes';
import { walletRoutes } from './wallet.routes';

/** The storefront shop: public search, the customer's bookings, wallet and refunds. */
export function shopRoutes(deps: {
  clients: ServiceClients;
  storefrontSearchesPerMinute: number;
}): RouteDefinition[] {
  return [...storefrontSearchRoutes(deps), ...storefrontBookingRoutes(deps), ...walletRoutes(deps)];
}
