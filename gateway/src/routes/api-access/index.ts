import type { ServiceClients } from '../../clients/service-clients';
import type { RouteDefinition } from '../../http/route-table';
import { apiAccessRoutes } from './api-access.routes';
import { apiConsoleRoutes } from './api-console.routes';
import { apiConsoleEventRoutes } from './api-console-events.routes';
import { apiConsoleWebhookRoutes } from './api-console-webhooks.routes';
import { requestLogRoutes } from './request-logs.routes';
import { spendingLimitRoutes } from './spending-limits.routes';

/**
 * API clients and keys (identity): the platform's `/api/admin/api-access`, the tenants' `/api/admin/api-console`,
 * the spending limits of a key under either, the request log of partner calls under either, and a tenant's
 * clients' events feeds and webhook endpoints.
 */
export function apiKeyRoutes(deps: { clients: ServiceClients; now: () => Date }): RouteDefinition[] {
  return [
    ...apiAccessRoutes(deps),
    ...apiConsoleRoutes(deps),
    ...apiConsoleEventRoutes(deps),
    ...apiConsoleWebhookRoutes(deps),
    ...spendingLimitRoutes(deps),
    ...requestLogRoutes(deps),
  ];
}
