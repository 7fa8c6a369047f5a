import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import type { RouteDefinition } from '../../http/route-table';
import { type WebhookMount, webhookRoutesAt } from '../common/webhooks';

/** The partner's own endpoints (`/api/v1/webhooks`): the key's client and mode, scope `webhooks:manage`. */
export const partnerWebhooks: WebhookMount = {
  base: '/api/v1/webhooks',
  access: { kind: 'partner', scope: 'webhooks:manage' },
  targetOf: (_req, res) => ({ caller: callerOf(res) }),
};

export function webhooksRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  return webhookRoutesAt(clients, partnerWebhooks);
}
