import type { ServiceClients } from '../../clients/service-clients';
import type { RouteDefinition } from '../../http/route-table';
import { bookingsRoutes } from './bookings.routes';
import { cancellationQuotesRoutes } from './cancellation-quotes.routes';
import { eventsRoutes } from './events.routes';
import { invoicesRoutes } from './invoices.routes';
import { meRoutes } from './me.routes';
import { offerKeysRoutes } from './offer-keys.routes';
import { pricingRoutes } from './pricing.routes';
import { searchRoutes } from './search.routes';
import { webhooksRoutes } from './webhooks.routes';

/** Every partner route (`/api/v1`), each with its scope. */
export function partnerRoutes(deps: { clients: ServiceClients }): RouteDefinition[] {
  return [
    ...meRoutes(deps),
    ...pricingRoutes(deps),
    ...searchRoutes(deps),
    ...bookingsRoutes(deps),
    ...cancellationQuotesRoutes(deps),
    ...offerKeysRoutes(deps),
    ...invoicesRoutes(deps),
    ...webhooksRoutes(deps),
    ...eventsRoutes(deps),
  ];
}
