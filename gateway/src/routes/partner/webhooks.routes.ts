import type { webhook } from '@travel/contracts';
import { AppError } from '@travel/errors';
import type { Request } from 'express';
import { z } from 'zod';
import type { ServiceClients } from '../../clients/service-clients';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import type { RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { callerOf } from './caller';
import { formatCreatedAt } from './presenters';

const manage = { kind: 'partner', scope: 'webhooks:manage' } as const;

/** The shape only; which URLs and event types are acceptable is the webhook service's decision. */
const registerBody = z.strictObject({
  url: z.string().min(1).max(2048),
  events: z.array(z.string().max(100)).max(20).default([]),
});

/** `POST /webhooks`, `GET /webhooks`, `DELETE /webhooks/{id}`: the calling client's endpoints. */
export function webhooksRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  return [
    {
      method: 'post',
      path: '/api/v1/webhooks',
      access: manage,
      handlers: [
        async (req, res) => {
          const body = validate(registerBody, req.body);
          const reply = await clients.webhook.registerEndpoint(
            { caller: callerOf(res), ...body },
            callOptions(res),
          );
          res.status(201).json(dataBody({ ...presentEndpoint(reply.endpoint), secret: reply.secret }));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/v1/webhooks',
      access: manage,
      handlers: [
        async (_req, res) => {
          const reply = await clients.webhook.listEndpoints({ caller: callerOf(res) }, callOptions(res));
          res.json(listBody(reply.endpoints.map(presentEndpoint)));
        },
      ],
    },
    {
      method: 'delete',
      path: '/api/v1/webhooks/:id',
      access: manage,
      handlers: [
        async (req, res) => {
          const reply = await clients.webhook.deleteEndpoint(
            { caller: callerOf(res), id: endpointIdOf(req) },
            callOptions(res),
          );
          res.json(dataBody({ id: reply.id, deleted: true }));
        },
      ],
    },
  ];
}

/** A webhook endpoint as partner-api.md §2 shows it; the secret only ever comes with the registration. */
function presentEndpoint(endpoint: webhook.Endpoint | undefined) {
  if (!endpoint) throw new Error('the webhook service answered no endpoint');
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    status: endpoint.status,
    createdAt: formatCreatedAt(endpoint.createdAt),
  };
}

/** An id that is not `whk_<n>` names no endpoint: 404 without asking the service. */
function endpointIdOf(req: Request): string {
  const id = String(req.params.id);
  if (!/^whk_[1-9]\d{0,15}$/.test(id)) throw new AppError('not_found', `No webhook endpoint ${id}.`);
  return id;
}
