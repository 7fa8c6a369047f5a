import type { RouteDefinition } from '../../http/route-table';
import { type CustomerAuthRouteDeps, customerAuthRoutes } from './customer-auth.routes';
import { profileRoutes } from './profile.routes';

/** Customer accounts: sign-in, profile and travellers. */
export function customerRoutes(deps: CustomerAuthRouteDeps): RouteDefinition[] {
  return [...customerAuthRoutes(deps), ...profileRoutes(deps)];
}
