import type { RouteDefinition } from '../../http/route-table';
import { meRoutes } from './me.routes';

/** Every partner route (`/api/v1`), each with its scope. */
export function partnerRoutes(_deps: object): RouteDefinition[] {
  return [...meRoutes()];
}
