import { AppError } from '@travel/errors';
import type { Response } from 'express';
import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import { staffOf } from '../../http/request-context';
import type { RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { eventIdOf, presentEvent } from '../common/event-presenter';
import { ownEventQuery, ownEventsQuery } from './api-console-events.contract';
import { clientIdOf } from './key-handlers';

/** The most clients a tenant's list is read for when a client is named (identity's page size). */
const CLIENTS_PAGE = 100;

/**
 * The events feed of one of the tenant's own clients, for the partner console (tenant staff, `api-console`): the
 * partner's `GET /api/v1/events` and `GET /api/v1/events/{id}` with the client and mode named (one event is a
 * webhook delivery's payload, which the deliveries do not carry). The gateway first asks identity whether the
 * client is the tenant's (another tenant's is `404`); the webhook service checks the client's stream belongs to
 * the caller's tenant again.
 */
export function apiConsoleEventRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/admin/api-console/clients/:id/events',
      access: { kind: 'staff', tenantOnly: true, right: 'api-console' },
      handlers: [
        async (req, res) => {
          const clientId = clientIdOf(req);
          const { limit, cursor, after, type, environment } = validate(ownEventsQuery, req.query, 'query');
          await requireOwnClient(clients, res, clientId);
          const reply = await clients.eventFeed.listEvents(
            { caller: callerOf(res), limit, cursor, after, type, clientId, environment },
            callOptions(res),
          );
          res.json(listBody(reply.events.map(presentEvent), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/admin/api-console/clients/:id/events/:eventId',
      access: { kind: 'staff', tenantOnly: true, right: 'api-console' },
      handlers: [
        async (req, res) => {
          const clientId = clientIdOf(req);
          const { environment } = validate(ownEventQuery, req.query, 'query');
          // The client first: another tenant's is 404 whatever the event id (the staff security suite's check).
          await requireOwnClient(clients, res, clientId);
          const id = eventIdOf(req, 'eventId');
          const reply = await clients.eventFeed.getEvent(
            { caller: callerOf(res), id, clientId, environment },
            callOptions(res),
          );
          res.json(dataBody(presentEvent(reply.event)));
        },
      ],
    },
  ];
}

/** The client must be one of the caller's tenant's (identity lists the tenant's own clients only). */
async function requireOwnClient(clients: ServiceClients, res: Response, clientId: number): Promise<void> {
  const tenantId = staffOf(res).tenantId ?? undefined;
  const own = await clients.apiAccess.listClients(
    { caller: callerOf(res), tenantId, limit: CLIENTS_PAGE },
    callOptions(res),
  );
  if (!own.clients.some((client) => client.id === clientId))
    throw new AppError('not_found', `No API client ${clientId}.`);
}
