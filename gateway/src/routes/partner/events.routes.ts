import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import type { RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { eventIdOf, presentEvent } from '../common/event-presenter';
import { eventsQuery } from '../common/partner-contract/operations';

// The feed is the pull side of the webhooks: what a key that may register endpoints can receive anyway.
const reads = { kind: 'partner', scope: 'webhooks:manage' } as const;

/** `GET /events`, `GET /events/{id}`: the calling client's events feed in its key's environment. */
export function eventsRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/v1/events',
      access: reads,
      handlers: [
        async (req, res) => {
          const { limit, cursor, after, type } = validate(eventsQuery, req.query, 'query');
          const reply = await clients.eventFeed.listEvents(
            { caller: callerOf(res), limit, cursor, after, type },
            callOptions(res),
          );
          res.json(listBody(reply.events.map(presentEvent), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/v1/events/:id',
      access: reads,
      handlers: [
        async (req, res) => {
          const reply = await clients.eventFeed.getEvent(
            { caller: callerOf(res), id: eventIdOf(req) },
            callOptions(res),
          );
          res.json(dataBody(presentEvent(reply.event)));
        },
      ],
    },
  ];
}
