import { newEventId, type OutgoingEvent } from '@travel/events';
import type { BookingHistoryEntry } from '../db/booking-history.repository';
import { toOutgoing } from './booking-outbox';

/**
 * The events a live booking published, rendered again as the outbox relay rendered them (`toOutgoing`): its
 * `booking.created` when it was written (a storefront booking's once paid) and, once cancelled, its
 * `booking.cancelled` at the cancel. The originals' ids are gone with the outbox, so these carry new ones;
 * consumers that rebuild from them count by booking id, not event id.
 */
export function historyEventsOf({ booking, createdAt, cancelledAt }: BookingHistoryEntry): OutgoingEvent[] {
  const created = toOutgoing({ id: newEventId(), type: 'booking.created', occurredAt: createdAt }, booking);
  if (!cancelledAt) return [created];
  return [
    created,
    toOutgoing({ id: newEventId(), type: 'booking.cancelled', occurredAt: cancelledAt }, booking),
  ];
}
