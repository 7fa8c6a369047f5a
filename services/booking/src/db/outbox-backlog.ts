import { modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import { bookingSchema } from './booking.schema';

export interface OutboxBacklog {
  /** Bookings holding events Kafka has not acknowledged yet. */
  pendingBookings(): Promise<number>;
}

const PENDING = { 'pendingEvents.id': { $exists: true } };

/** The outbox's backlog, for the metrics scrape: a count on the partial index of pending bookings only (`outbox_pending`). */
export function createOutboxBacklog(connection: Connection): OutboxBacklog {
  const model = modelOn(connection, 'Booking', bookingSchema);
  return { pendingBookings: () => model.countDocuments(PENDING).exec() };
}
