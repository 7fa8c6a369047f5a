import { Schema } from 'mongoose';

/**
 * An event waiting in the outbox of the document that records its fact. It is written in the same
 * insert as the fact (one atomic document write) and removed once Kafka has acknowledged it.
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
