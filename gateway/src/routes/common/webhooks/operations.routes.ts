import { AppError } from '@travel/errors';
import type { Request } from 'express';
import type { ServiceClients } from '../../../clients/service-clients';
import { callOptions } from '../../../http/calls';
import { dataBody, listBody } from '../../../http/envelope';
import type { RouteDefinition } from '../../../http/route-table';
import { validate } from '../../../http/validate';
import { IDEMPOTENCY_KEY_HEADER, readIdempotentCreate } from '../booking-requests';
import { webhookDeliveriesQuery, webhookDeliveryParams } from '../partner-contract/operations';
import { emptyBody, WebhookUpdate } from '../partner-contract/webhook-operations';
import { endpointIdOf, presentEndpoint } from './endpoints.routes';
import type { WebhookMount } from './mount';
import { presentAttempt, presentDelivery } from './presenters';

/**
 * Redeliver and ping wait for one POST to the partner's receiver (up to its 5 s timeout, after a DNS check):
 * their budget is longer than REQUEST_BUDGET_MS.
 */
const SENDING_BUDGET_MS = 15_000;

/**
 * `GET <base>/{id}/deliveries`, `POST <base>/{id}/deliveries/{deliveryId}/redeliver`, `POST <base>/{id}/ping`,
 * `PATCH <base>/{id}`: operating the endpoints of the mount's client and mode.
 */
export function webhookOperationRoutes(clients: ServiceClients, mount: WebhookMount): RouteDefinition[] {
  const { base, access, targetOf } = mount;
  return [
    {
      method: 'patch',
      path: `${base}/:id`,
      access,
      handlers: [
        async (req, res) => {
          const body = validate(WebhookUpdate, req.body);
          const reply = await clients.webhook.updateEndpoint(
            {
              ...targetOf(req, res),
              id: endpointIdOf(req),
              url: body.url,
              events: body.events === undefined ? undefined : { types: body.events },
              enabled: body.enabled,
            },
            callOptions(res),
          );
          res.json(dataBody(presentEndpoint(reply.endpoint)));
        },
      ],
    },
    {
      method: 'get',
      path: `${base}/:id/deliveries`,
      access,
      handlers: [
        async (req, res) => {
          const query = validate(webhookDeliveriesQuery, req.query, 'query');
          const reply = await clients.webhook.listDeliveries(
            {
              ...targetOf(req, res),
              endpointId: endpointIdOf(req),
              limit: query.limit,
              cursor: query.cursor,
              status: query.status,
              eventType: query.type,
            },
            callOptions(res),
          );
          res.json(listBody(reply.deliveries.map(presentDelivery), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'post',
      path: `${base}/:id/deliveries/:deliveryId/redeliver`,
      access,
      budgetMs: SENDING_BUDGET_MS,
      handlers: [
        async (req, res) => {
          const { idempotencyKey } = readIdempotentCreate(
            emptyBody,
            req.get(IDEMPOTENCY_KEY_HEADER),
            req.body,
          );
          const reply = await clients.webhook.redeliverDelivery(
            {
              ...targetOf(req, res),
              endpointId: endpointIdOf(req),
              deliveryId: deliveryIdOf(req),
              idempotencyKey,
            },
            callOptions(res),
          );
          if (reply.replayed) res.setHeader('Idempotent-Replayed', 'true');
          res.json(
            dataBody({ attempt: presentAttempt(reply.attempt), delivery: presentDelivery(reply.delivery) }),
          );
        },
      ],
    },
    {
      method: 'post',
      path: `${base}/:id/ping`,
      access,
      budgetMs: SENDING_BUDGET_MS,
      handlers: [
        async (req, res) => {
          validate(emptyBody, req.body);
          const reply = await clients.webhook.pingEndpoint(
            { ...targetOf(req, res), id: endpointIdOf(req) },
            callOptions(res),
          );
          res.json(dataBody({ eventId: reply.eventId, attempt: presentAttempt(reply.attempt) }));
        },
      ],
    },
  ];
}

/** A delivery id that is not `whd_<event>_<n>` names no delivery: 404 without asking the service. */
function deliveryIdOf(req: Request): string {
  const id = String(req.params.deliveryId);
  if (!webhookDeliveryParams.shape.deliveryId.safeParse(id).success)
    throw new AppError('not_found', `No delivery ${id}.`);
  return id;
}
