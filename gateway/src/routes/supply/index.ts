import type { ServiceClients } from '../../clients/service-clients';
import type { RouteDefinition } from '../../http/route-table';
import { insurancePolicyRoutes } from './insurance-policies.routes';
import { supplierRoutes } from './suppliers.routes';
import { vendorRoutes } from './vendors.routes';

/** The supply service's routes: suppliers, vendors and insurance products. */
export function supplyRoutes(deps: { clients: ServiceClients }): RouteDefinition[] {
  return [...supplierRoutes(deps), ...vendorRoutes(deps), ...insurancePolicyRoutes(deps)];
}
