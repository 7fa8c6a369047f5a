import type { z } from 'zod';
import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody } from '../../http/envelope';
import type { RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { IDEMPOTENCY_KEY_HEADER, readIdempotentCreate } from '../common/booking-requests';
import { formatCreatedAt } from '../common/offer-presenters';
import {
  type recoveredWebhookDeliveries,
  recoverWebhookBody,
  type rotatedWebhookSecret,
  rotateWebhookSecretBody,
} from '../common/partner-contract/webhook-lifecycle';
import { endpointIdOf, presentEndpoint } from './webhooks.routes';

const manage = { kind: 'partner', scope: 'webhooks:manage' } as const;

/** `POST /webhooks/{id}/rotate-secret` and `POST /webhooks/{id}/recover`: the calling client's endpoints only. */
export function webhookLifecycleRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  return [
    {
      method: 'post',
      path: '/api/v1/webhooks/:id/rotate-secret',
      access: manage,
      handlers: [
        async (req, res) => {
          // The body first: a request naming every failing field is the same whatever the id (see PATCH).
          const body = validate(rotateWebhookSecretBody, req.body);
          const id = endpointIdOf(req);
          const reply = await clients.webhook.rotateEndpointSecret(
            { caller: callerOf(res), id, overlapSeconds: body.overlapSeconds },
            callOptions(res),
          );
          const rotated: z.output<typeof rotatedWebhookSecret> = {
            ...presentEndpoint(reply.endpoint),
            secret: reply.secret,
            previousSecretExpiresAt: reply.previousSecretExpiresAt
              ? formatCreatedAt(reply.previousSecretExpiresAt)
              : null,
          };
          res.json(dataBody(rotated));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/v1/webhooks/:id/recover',
      access: manage,
      handlers: [
        async (req, res) => {
          const { idempotencyKey, body } = readIdempotentCreate(
            recoverWebhookBody,
            req.get(IDEMPOTENCY_KEY_HEADER),
            req.body,
          );
          const id = endpointIdOf(req);
          const reply = await clients.webhook.recoverDeliveries(
            { caller: callerOf(res), id, since: new Date(body.since), idempotencyKey },
            callOptions(res),
          );
          if (reply.replayed) res.setHeader('Idempotent-Replayed', 'true');
          const recovered: z.output<typeof recoveredWebhookDeliveries> = { queued: reply.queued };
          res.json(dataBody(recovered));
        },
      ],
    },
  ];
}
