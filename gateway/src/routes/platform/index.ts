import type { ServiceClients } from '../../clients/service-clients';
import type { RouteDefinition } from '../../http/route-table';
import { auditRoutes } from './audit.routes';
import { parkedEventRoutes } from './parked-events.routes';
import { settingsRoutes } from './settings.routes';

/** Running the platform: the audit trail, parked events (`/api/admin/events/parked`) and platform settings. */
export function platformRoutes(deps: { clients: ServiceClients }): RouteDefinition[] {
  return [...auditRoutes(deps), ...parkedEventRoutes(deps), ...settingsRoutes(deps)];
}
