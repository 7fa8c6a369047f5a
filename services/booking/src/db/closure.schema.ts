import { Schema } from 'mongoose';
import type { Closure } from '../domain/booking';
import { type PendingEvent, pendingEventSchema } from './pending-event';

/**
 * How a booking left `Upcoming`. `_id` is the booking id, so a booking is closed once: of a cancel and
 * a completion (or two cancels) racing, one insert lands and the other learns it lost. The closure
 * carries its own event (`booking.cancelled`) in the same insert.
 */
export interface ClosureDocument {
  _id: string;
  status: Closure['status'];
  at: Date;
  pendingEvents: PendingEvent[];
  outboxPending: boolean;
}

export const closureSchema = new Schema<ClosureDocument>(
  {
    _id: { type: String, required: true },
    status: { type: String, required: true },
    at: { type: Date, required: true },
    pendingEvents: { type: [pendingEventSchema], default: [] },
    outboxPending: { type: Boolean, required: true },
  },
  { collection: 'booking_closures', versionKey: false },
);
// Serves the outbox relay: closures with unpublished events, oldest first.
closureSchema.index({ outboxPending: 1, at: 1 });
