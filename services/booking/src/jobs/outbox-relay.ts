import { bookingEvents } from '@travel/contracts';
import type { EventPublisher, OutgoingEvent } from '@travel/events';
import type { BookingRepository } from '../db/booking.repository';
import type { ClosureRepository } from '../db/closure.repository';
import type { PendingEvent } from '../db/pending-event';
import type { Booking, BookingStatus } from '../domain/booking';

export const BOOKING_EVENTS_TOPIC = 'booking.events';
const BATCH = 100;

export interface OutboxRelayDeps {
  bookings: BookingRepository;
  closures: ClosureRepository;
  publisher: EventPublisher;
}

/**
 * One pass of the outbox relay: publish what bookings and closures hold, then clear it. A crash between
 * the two re-publishes (consumers de-duplicate on the event id); nothing is cleared before Kafka has
 * acknowledged it, so nothing is lost. Kafka being down fails the pass, not the bookings: the events wait.
 * Per booking the order holds: closures are relayed only once no booking has a created event waiting.
 */
export function createOutboxRelay(deps: OutboxRelayDeps): () => Promise<void> {
  return async () => {
    for (;;) {
      const created = await deps.bookings.withPendingEvents(BATCH);
      if (created.length > 0) {
        await deps.publisher.publish(
          BOOKING_EVENTS_TOPIC,
          created.flatMap(({ booking, events }) =>
            events.map((event) => toOutgoing(event, booking, 'Upcoming')),
          ),
        );
        await deps.bookings.clearPendingEvents(created.map(({ booking }) => booking.id));
        if (created.length === BATCH) continue;
      }
      const closed = await deps.closures.withPendingEvents(BATCH);
      if (closed.length === 0) return;
      const bookings = new Map(
        (await deps.bookings.findByIds(closed.map(({ closure }) => closure.bookingId))).map((b) => [b.id, b]),
      );
      await deps.publisher.publish(
        BOOKING_EVENTS_TOPIC,
        closed.flatMap(({ closure, events }) => {
          const booking = bookings.get(closure.bookingId);
          return booking ? events.map((event) => toOutgoing(event, booking, closure.status)) : [];
        }),
      );
      await deps.closures.clearPendingEvents(closed.map(({ closure }) => closure.bookingId));
      if (closed.length < BATCH) return;
    }
  };
}

/** The envelope of architecture.md, keyed by the booking id so that one booking's events stay in order. */
function toOutgoing(event: PendingEvent, booking: Booking, status: BookingStatus): OutgoingEvent {
  const payload = bookingEvents.BookingEvent.encode({
    id: booking.id,
    pnr: booking.pnr,
    type: booking.type,
    status,
    amount: booking.amount,
    currency: booking.currency,
    reference: booking.reference ?? undefined,
    route: booking.route,
    date: booking.date,
  }).finish();
  return {
    id: event.id,
    type: event.type,
    occurredAt: event.occurredAt,
    tenantId: booking.tenantId,
    clientId: String(booking.clientId),
    livemode: booking.livemode,
    payload: Buffer.from(payload),
    key: booking.id,
  };
}
