import { Schema } from 'mongoose';
import type { Booking } from '../domain/booking';

/**
 * An event waiting in the outbox of the booking whose fact it records. It is written in the same atomic
 * single-document write as the fact (the insert, or the cancel's update) and pulled once Kafka has
 * acknowledged it.
 */
export interface PendingEvent {
  id: string;
  type: 'booking.created' | 'booking.cancelled';
  occurredAt: Date;
}

export const pendingEventSchema = new Schema<PendingEvent>(
  { id: String, type: String, occurredAt: Date },
  { _id: false },
);

/** Tells the outbox relay what a booking now holds to publish (all of it, in order), so it need not read it back. */
export type EventsWritten = (booking: Booking, events: PendingEvent[]) => void;
