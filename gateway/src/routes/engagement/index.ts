import type { ServiceClients } from '../../clients/service-clients';
import type { RouteDefinition } from '../../http/route-table';
import { leadRoutes } from './leads.routes';
import { newsletterRoutes } from './newsletters.routes';
import { engagementPublicRoutes } from './public.routes';

/** Every route of the engagement service: console (subscribers, newsletters, leads, queries) and public intake. */
export function engagementRoutes(deps: {
  clients: ServiceClients;
  publicIntakePerMinute: number;
}): RouteDefinition[] {
  return [...newsletterRoutes(deps), ...leadRoutes(deps), ...engagementPublicRoutes(deps)];
}
