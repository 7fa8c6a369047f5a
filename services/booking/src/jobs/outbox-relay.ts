import { bookingEvents } from '@travel/contracts';
import { BOOKING_EVENTS_TOPIC, type EventPublisher, type OutgoingEvent } from '@travel/events';
import type { BookingRepository } from '../db/booking.repository';
import type { ClosureRepository } from '../db/closure.repository';
import type { PendingEvent } from '../db/pending-event';
import type { Booking, BookingStatus, Closure } from '../domain/booking';

const BATCH = 100;

export interface OutboxRelayDeps {
  bookings: BookingRepository;
  closures: ClosureRepository;
  publisher: EventPublisher;
  /** How often a pass also scans for pending events nobody told it about (another replica's, or a crash's). */
  rescanMs: number;
  now?: () => number;
}

export interface OutboxRelay {
  /** One pass: the documents it was told about, by `_id`, and now and then a scan for the rest. */
  run(): Promise<void>;
  /** A booking (or its closure) was just written with events: relay it at the next pass. */
  written(source: 'booking' | 'closure', bookingId: string): void;
}

/**
 * The outbox relay: publish what bookings and closures hold, then clear it. A crash between the two
 * re-publishes (consumers de-duplicate on the event id); nothing is cleared before Kafka has acknowledged
 * it, so nothing is lost. Kafka being down fails the pass, not the bookings: the events wait.
 * Its fast path looks documents up by `_id` (the only filter FerretDB answers from an index); the scan of
 * `outboxPending` reads whole collections there, so it runs only every `rescanMs` as the safety net.
 * One booking's events keep their order: the told documents go in the order they were written, and a
 * scan relays closures only once no booking has a created event waiting.
 */
export function createOutboxRelay(deps: OutboxRelayDeps): OutboxRelay {
  const now = deps.now ?? Date.now;
  const told = new Set<string>(); // `booking:<id>` / `closure:<id>`, in the order written
  let lastScan = Number.NEGATIVE_INFINITY;

  async function relayTold(): Promise<void> {
    for (const entry of [...told]) {
      const [source, id] = entry.split(':') as ['booking' | 'closure', string];
      if (source === 'booking') {
        const pending = await deps.bookings.pendingOf(id);
        if (pending) await relayBookings([pending]);
      } else {
        const pending = await deps.closures.pendingOf(id);
        if (pending) await relayClosures([pending]);
      }
      told.delete(entry); // only after a success: a failed publish stays told for the next pass
    }
  }

  async function relayBookings(created: Array<{ booking: Booking; events: PendingEvent[] }>) {
    await deps.publisher.publish(
      BOOKING_EVENTS_TOPIC,
      created.flatMap(({ booking, events }) => events.map((event) => toOutgoing(event, booking, 'Upcoming'))),
    );
    await deps.bookings.clearPendingEvents(created.map(({ booking }) => booking.id));
  }

  async function relayClosures(closed: Array<{ closure: Closure; events: PendingEvent[] }>) {
    const owners = await Promise.all(closed.map(({ closure }) => deps.bookings.findById(closure.bookingId)));
    await deps.publisher.publish(
      BOOKING_EVENTS_TOPIC,
      closed.flatMap(({ closure, events }, i) => {
        const booking = owners[i];
        return booking ? events.map((event) => toOutgoing(event, booking, closure.status)) : [];
      }),
    );
    await deps.closures.clearPendingEvents(closed.map(({ closure }) => closure.bookingId));
  }

  async function scan(): Promise<void> {
    for (;;) {
      const created = await deps.bookings.withPendingEvents(BATCH);
      if (created.length > 0) await relayBookings(created);
      if (created.length === BATCH) continue;
      const closed = await deps.closures.withPendingEvents(BATCH);
      if (closed.length > 0) await relayClosures(closed);
      if (closed.length < BATCH) return;
    }
  }

  return {
    async run() {
      await relayTold();
      if (now() - lastScan < deps.rescanMs) return;
      await scan();
      lastScan = now();
    },
    written(source, bookingId) {
      told.add(`${source}:${bookingId}`);
    },
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
