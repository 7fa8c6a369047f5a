import type { parkedEvents } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { EVENTS_RIGHT, encodeParkedCursor, serviceOfParkedId } from '@travel/events';
import type { z } from 'zod';
import {
  PARKED_EVENT_OWNERS,
  type ParkedEventOwner,
  type ServiceClients,
} from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { stringParam } from '../common/params';
import { discardParkedEventBody, listParkedEventsQuery, type ParkedEvent } from './parked-events.contract';

const access: RouteAccess = { kind: 'staff', platformOnly: true, right: EVENTS_RIGHT };

/**
 * Events the consumer groups parked (docs/architecture.md, "Events"): each lives in the database of the
 * service that consumed it, which also replays it through its own handler. A list asks every consuming service
 * and merges their pages (newest parked first; one cursor is a position all of them understand); a single
 * event goes to the service its id names.
 */
export function parkedEventRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const ownerOf = (id: string) => {
    const service = serviceOfParkedId(id);
    if (!service || !(PARKED_EVENT_OWNERS as readonly string[]).includes(service))
      throw new AppError('not_found', `No parked event ${id}.`);
    return {
      service: service as ParkedEventOwner,
      client: clients.parkedEvents[service as ParkedEventOwner],
    };
  };
  return [
    {
      method: 'get',
      path: '/api/admin/events/parked',
      access,
      handlers: [
        async (req, res) => {
          const query = validate(listParkedEventsQuery, req.query, 'query');
          const request = {
            caller: callerOf(res),
            ...query,
            parkedBefore: query.parkedBefore ? new Date(query.parkedBefore) : undefined,
          };
          const replies = await Promise.all(
            PARKED_EVENT_OWNERS.map(async (service) => ({
              service,
              reply: await clients.parkedEvents[service].listParkedEvents(request, callOptions(res)),
            })),
          );
          const merged = replies
            .flatMap(({ service, reply }) => reply.events.map((event) => ({ service, event })))
            .sort((a, b) => newestFirst(a.event, b.event));
          const page = merged.slice(0, query.limit);
          const more = merged.length > query.limit || replies.some(({ reply }) => reply.nextCursor);
          const last = page[page.length - 1]?.event;
          const next =
            more && last ? encodeParkedCursor({ parkedAt: dateOf(last.parkedAt), id: last.id }) : null;
          res.json(
            listBody(
              page.map(({ service, event }) => presentParkedEvent(service, event)),
              next,
            ),
          );
        },
      ],
    },
    {
      method: 'get',
      path: '/api/admin/events/parked/:id',
      access,
      handlers: [
        async (req, res) => {
          const { service, client } = ownerOf(stringParam(req, 'id'));
          const reply = await client.getParkedEvent(
            { caller: callerOf(res), id: stringParam(req, 'id') },
            callOptions(res),
          );
          res.json(dataBody(presentParkedEvent(service, reply.event)));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/events/parked/:id/replay',
      access,
      handlers: [
        async (req, res) => {
          const id = stringParam(req, 'id');
          const { service, client } = ownerOf(id);
          const reply = await client.replayParkedEvent({ caller: callerOf(res), id }, callOptions(res));
          // The service stores each replayed record with its audit entry (docs/decisions/audit.md).
          const event = presentParkedEvent(service, reply.event);
          const { handled, followersHandled } = reply;
          res.json(dataBody({ handled, followersHandled, event }));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/events/parked/:id/discard',
      access,
      handlers: [
        async (req, res) => {
          const id = stringParam(req, 'id');
          const { reason } = validate(discardParkedEventBody, req.body);
          const { service, client } = ownerOf(id);
          const reply = await client.discardParkedEvent(
            { caller: callerOf(res), id, reason },
            callOptions(res),
          );
          res.json(dataBody(presentParkedEvent(service, reply.event)));
        },
      ],
    },
  ];
}

const dateOf = (at: Date | undefined) => at ?? new Date(0);

function newestFirst(a: parkedEvents.ParkedEvent, b: parkedEvents.ParkedEvent): number {
  const byTime = dateOf(b.parkedAt).getTime() - dateOf(a.parkedAt).getTime();
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

const iso = (at: Date | undefined) => dateOf(at).toISOString();

function presentParkedEvent(
  service: ParkedEventOwner,
  event: parkedEvents.ParkedEvent | undefined,
): z.output<typeof ParkedEvent> {
  if (!event) throw new AppError('internal_error', 'The service answered without the parked event.');
  return {
    id: event.id,
    service,
    group: event.group,
    topic: event.topic,
    partition: event.partition,
    offset: event.offset,
    key: event.key || null,
    eventId: event.eventId || null,
    eventType: event.eventType || null,
    reason: event.reason as z.output<typeof ParkedEvent>['reason'],
    lastError: event.lastError,
    attempts: event.attempts,
    firstFailedAt: iso(event.firstFailedAt),
    lastFailedAt: iso(event.lastFailedAt),
    parkedAt: iso(event.parkedAt),
    status: event.status as z.output<typeof ParkedEvent>['status'],
    resolvedAt: event.resolvedAt ? event.resolvedAt.toISOString() : null,
    resolvedBy: event.resolvedBy || null,
    discardReason: event.discardReason || null,
    envelope: Buffer.from(event.payload).toString('base64'),
  };
}
