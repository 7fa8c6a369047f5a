import type { eventFeed } from '@travel/contracts';
import { AppError } from '@travel/errors';
import type { Request } from 'express';
import type { z } from 'zod';
import { type Event, eventIdParams } from './partner-contract/events';

// An event of the feed as both APIs answer it: the partner's `GET /api/v1/events` and the partner console's
// `GET /api/admin/api-console/clients/{id}/events`, and one event of each.

type PresentedEvent = z.output<typeof Event>;

/** The envelope as webhook deliveries carry it, in the same key order; the type is the service's closed set. */
export function presentEvent(event: eventFeed.FeedEvent | undefined): PresentedEvent {
  if (!event) throw new Error('the webhook service answered no event');
  return {
    id: event.id,
    type: event.type as PresentedEvent['type'],
    created: (event.created as Date).toISOString(),
    livemode: event.livemode,
    sequence: event.sequence,
    data: JSON.parse(event.dataJson) as PresentedEvent['data'],
  };
}

/** The event id in path parameter `name`; one that is not `evt_...` names no event: 404 without asking the service. */
export function eventIdOf(req: Request, name = 'id'): string {
  const id = String(req.params[name]);
  if (!eventIdParams.shape.id.safeParse(id).success) throw new AppError('not_found', `No event ${id}.`);
  return id;
}
