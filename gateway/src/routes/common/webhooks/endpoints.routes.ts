import type { webhook } from '@travel/contracts';
import { AppError } from '@travel/errors';
import type { Request } from 'express';
import type { z } from 'zod';
import type { ServiceClients } from '../../../clients/service-clients';
import { callOptions } from '../../../http/calls';
import { dataBody, listBody } from '../../../http/envelope';
import type { RouteDefinition } from '../../../http/route-table';
import { validate } from '../../../http/validate';
import { formatCreatedAt } from '../offer-presenters';
import { type WebhookEndpoint, WebhookRequest } from '../partner-contract/components';
import { type deletedWebhook, type registeredWebhook, webhookIdParams } from '../partner-contract/operations';
import type { WebhookMount } from './mount';

/** `POST <base>`, `GET <base>`, `DELETE <base>/{id}`: the endpoints of the mount's client and mode. */
export function webhookEndpointRoutes(clients: ServiceClients, mount: WebhookMount): RouteDefinition[] {
  const { base, access, targetOf } = mount;
  return [
    {
      method: 'post',
      path: base,
      access,
      handlers: [
        async (req, res) => {
          const body = validate(WebhookRequest, req.body);
          const reply = await clients.webhook.registerEndpoint(
            { ...targetOf(req, res), url: body.url, events: body.events ?? [] },
            callOptions(res),
          );
          const registered: z.output<typeof registeredWebhook> = {
            ...presentEndpoint(reply.endpoint),
            secret: reply.secret,
          };
          res.status(201).json(dataBody(registered));
        },
      ],
    },
    {
      method: 'get',
      path: base,
      access,
      handlers: [
        async (req, res) => {
          const reply = await clients.webhook.listEndpoints({ ...targetOf(req, res) }, callOptions(res));
          res.json(listBody(reply.endpoints.map(presentEndpoint)));
        },
      ],
    },
    {
      method: 'delete',
      path: `${base}/:id`,
      access,
      handlers: [
        async (req, res) => {
          const reply = await clients.webhook.deleteEndpoint(
            { ...targetOf(req, res), id: endpointIdOf(req) },
            callOptions(res),
          );
          const deleted: z.output<typeof deletedWebhook> = { id: reply.id, deleted: true };
          res.json(dataBody(deleted));
        },
      ],
    },
  ];
}

type Endpoint = z.output<typeof WebhookEndpoint>;

/**
 * A webhook endpoint as gateway/openapi/partner.yaml shows it; the secret only ever comes with the registration. The
 * proto's strings are the service's closed sets (its domain types), hence the casts.
 */
export function presentEndpoint(endpoint: webhook.Endpoint | undefined): Endpoint {
  if (!endpoint) throw new Error('the webhook service answered no endpoint');
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events as Endpoint['events'],
    status: endpoint.status as Endpoint['status'],
    createdAt: formatCreatedAt(endpoint.createdAt),
    enabled: endpoint.status !== 'disabled',
    disabledReason: endpoint.status === 'disabled' ? (endpoint.disabledReason ?? null) : null,
    disabledAt:
      endpoint.status === 'disabled' && endpoint.disabledAt ? formatCreatedAt(endpoint.disabledAt) : null,
  };
}

/** An id that is not `whk_<n>` names no endpoint: 404 without asking the service. */
export function endpointIdOf(req: Request): string {
  const id = String(req.params.id);
  if (!webhookIdParams.shape.id.safeParse(id).success)
    throw new AppError('not_found', `No webhook endpoint ${id}.`);
  return id;
}
