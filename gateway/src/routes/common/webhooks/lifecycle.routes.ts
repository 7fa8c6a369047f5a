import type { z } from 'zod';
import type { ServiceClients } from '../../../clients/service-clients';
import { callOptions } from '../../../http/calls';
import { dataBody } from '../../../http/envelope';
import type { RouteDefinition } from '../../../http/route-table';
import { validate } from '../../../http/validate';
import { IDEMPOTENCY_KEY_HEADER, readIdempotentCreate } from '../booking-requests';
import { formatCreatedAt } from '../offer-presenters';
import {
  type recoveredWebhookDeliveries,
  recoverWebhookBody,
  type rotatedWebhookSecret,
  rotateWebhookSecretBody,
} from '../partner-contract/webhook-lifecycle';
import { endpointIdOf, presentEndpoint } from './endpoints.routes';
import type { WebhookMount } from './mount';

/** `POST <base>/{id}/rotate-secret` and `POST <base>/{id}/recover`: the mount's client's endpoints only. */
export function webhookLifecycleRoutes(clients: ServiceClients, mount: WebhookMount): RouteDefinition[] {
  const { base, access, targetOf } = mount;
  return [
    {
      method: 'post',
      path: `${base}/:id/rotate-secret`,
      access,
      handlers: [
        async (req, res) => {
          // The body first: a request naming every failing field is the same whatever the id (see PATCH).
          const body = validate(rotateWebhookSecretBody, req.body);
          const id = endpointIdOf(req);
          const reply = await clients.webhook.rotateEndpointSecret(
            { ...targetOf(req, res), id, overlapSeconds: body.overlapSeconds },
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
      path: `${base}/:id/recover`,
      access,
      handlers: [
        async (req, res) => {
          const { idempotencyKey, body } = readIdempotentCreate(
            recoverWebhookBody,
            req.get(IDEMPOTENCY_KEY_HEADER),
            req.body,
          );
          const id = endpointIdOf(req);
          const reply = await clients.webhook.recoverDeliveries(
            { ...targetOf(req, res), id, since: new Date(body.since), idempotencyKey },
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
