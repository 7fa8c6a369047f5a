import { AppError } from '@travel/errors';
import type { Request } from 'express';
import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import type { RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { type WebhookMount, webhookRoutesAt } from '../common/webhooks';
import { ownClientParams, ownModeQuery } from './api-console-webhooks.contract';

/**
 * The webhook endpoints of one of the tenant's own clients, for the partner console (tenant staff, `api-console`):
 * every partner webhook route under `/api/admin/api-console/clients/:clientId/webhooks`, the mode named by
 * `?environment=`. The webhook service asks identity whether the client is the caller's tenant's (another
 * tenant's, or none, is `404`), so a slip here cannot reach another tenant's endpoints or events.
 */
export const consoleWebhooks: WebhookMount = {
  base: '/api/admin/api-console/clients/:clientId/webhooks',
  access: { kind: 'staff', tenantOnly: true, right: 'api-console' },
  targetOf: (req, res) => {
    const { environment } = validate(ownModeQuery, req.query, 'query');
    return { caller: callerOf(res), client: { clientId: ownClientIdOf(req), environment } };
  },
};

export function apiConsoleWebhookRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  return webhookRoutesAt(clients, consoleWebhooks);
}

/** A client id that is not a number names no client: 404 without asking a service. */
function ownClientIdOf(req: Request): number {
  const id = String(req.params.clientId ?? '');
  if (!ownClientParams.shape.clientId.safeParse(id).success)
    throw new AppError('not_found', `No API client ${id}.`);
  return Number(id);
}
