import type { ServiceClients } from '../../clients/service-clients';
import type { RouteDefinition } from '../../http/route-table';
import { bookingsRoutes } from './bookings.routes';
import { invoicesRoutes } from './invoices.routes';
import { meRoutes } from './me.routes';
import { pricingRoutes } from './pricing.routes';
import { searchRoutes } from './search.routes';
import { webhookLifecycleRoutes } from './webhook-lifecycle.routes';
import { webhooksRoutes } from './webhooks.routes';

/** Every partner route (`/api/v1`), each with its scope. */
export function partnerRoutes(deps: { clients: ServiceClients }): RouteDefinition[] {
  return [
    ...meRoutes(),
    ...pricingRoutes(deps),
    ...searchRoutes(deps),
    ...bookingsRoutes(deps),
    ...invoicesRoutes(deps),
    ...webhooksRoutes(deps),
    ...webhookLifecycleRoutes(deps),
  ];
}
