import { modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import { type BookingDocument, bookingSchema } from './booking.schema';

export interface OutboxBacklog {
  /** Bookings holding events Kafka has not acknowledged yet. */
  pendingBookings(): Promise<number>;
  /** When the oldest of those events happened, among the bookings the relay reaches first; null if none. */
  oldestPendingAt(): Promise<Date | null>;
}

const PENDING = { 'pendingEvents.id': { $exists: true } };
/** The relay publishes bookings in number order; the oldest event is among the first of them. */
const OLDEST_AMONG = 100;

/**
 * The outbox's backlog, for the metrics scrape: both queries read the partial index of pending bookings
 * only (`outbox_pending`), which is empty while the relay keeps up.
 */
export function createOutboxBacklog(connection: Connection): OutboxBacklog {
  const model = modelOn(connection, 'Booking', bookingSchema);
  return {
    pendingBookings: () => model.countDocuments(PENDING).exec(),
    async oldestPendingAt() {
      const docs = await model
        .find(PENDING, { 'pendingEvents.occurredAt': 1 })
        .sort({ number: 1 })
        .limit(OLDEST_AMONG)
        .lean<Pick<BookingDocument, 'pendingEvents'>[]>();
      const times = docs.flatMap((doc) => doc.pendingEvents.map((event) => event.occurredAt.getTime()));
      return times.length === 0 ? null : new Date(Math.min(...times));
    },
  };
}
