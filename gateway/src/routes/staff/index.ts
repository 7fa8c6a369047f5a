import type { RateLimits } from '../../access/rate-limits';
import type { ServiceClients } from '../../clients/service-clients';
import type { RouteDefinition } from '../../http/route-table';
import { authRoutes } from './auth.routes';
import { roleRoutes } from './roles.routes';
import { tenantRoutes } from './tenants.routes';
import { userRoutes } from './users.routes';

/** Staff and tenants (identity): sign-in (`/api/admin/auth`), the tenant directory, users and roles. */
export function staffRoutes(deps: {
  clients: ServiceClients;
  rateLimits: RateLimits;
  signInAttemptsPerMinute: number;
}): RouteDefinition[] {
  return [...authRoutes(deps), ...tenantRoutes(deps), ...userRoutes(deps), ...roleRoutes(deps)];
}
