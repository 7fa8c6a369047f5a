import type { ServiceClients } from '../../../clients/service-clients';
import type { RouteDefinition } from '../../../http/route-table';
import { webhookEndpointRoutes } from './endpoints.routes';
import { webhookLifecycleRoutes } from './lifecycle.routes';
import type { WebhookMount } from './mount';
import { webhookOperationRoutes } from './operations.routes';

export type { WebhookMount, WebhookTarget } from './mount';

/** Every webhook endpoint route under one mount: the partner API's, or the partner console's for one client. */
export function webhookRoutesAt(clients: ServiceClients, mount: WebhookMount): RouteDefinition[] {
  return [
    ...webhookEndpointRoutes(clients, mount),
    ...webhookOperationRoutes(clients, mount),
    ...webhookLifecycleRoutes(clients, mount),
  ];
}
