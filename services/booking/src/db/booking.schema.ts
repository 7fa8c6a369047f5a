import { Schema } from 'mongoose';
import type { BookingType, Contact, Traveller } from '../domain/booking';
import { type PendingEvent, pendingEventSchema } from './pending-event';

/**
 * A booking as created; it is never updated except by the outbox relay clearing its events. Its status
 * lives in `booking_closures` (see closure.schema.ts): on FerretDB two concurrent updates of one
 * document can lose one of them, so every decision here is an insert.
 */
export interface BookingDocument {
  _id: string;
  number: number;
  /** The idempotent attempt that made it (for support; `booking_attempts` binds attempts to ids). */
  attempt: string;
  pnr: string;
  tenantId: string;
  clientId: number;
  livemode: boolean;
  type: BookingType;
  route: string;
  date: string;
  amount: number;
  currency: 'INR';
  reference: string | null;
  contact: Contact;
  travellers: Traveller[];
  /** The offer as signed by search (for support: what exactly was booked). */
  offer: Record<string, unknown>;
  createdAt: Date;
  pendingEvents: PendingEvent[];
  outboxPending: boolean;
}

export const bookingSchema = new Schema<BookingDocument>(
  {
    _id: { type: String, required: true },
    number: { type: Number, required: true },
    attempt: { type: String, required: true },
    pnr: { type: String, required: true },
    tenantId: { type: String, required: true },
    clientId: { type: Number, required: true },
    livemode: { type: Boolean, required: true },
    type: { type: String, required: true },
    route: { type: String, required: true },
    date: { type: String, required: true },
    amount: { type: Number, required: true },
    currency: { type: String, required: true },
    reference: { type: String, default: null },
    contact: {
      type: new Schema<Contact>({ name: String, email: String, phone: String }, { _id: false }),
      required: true,
    },
    travellers: {
      type: [new Schema<Traveller>({ firstName: String, lastName: String }, { _id: false })],
      default: [],
    },
    offer: { type: Schema.Types.Mixed, required: true },
    createdAt: { type: Date, required: true },
    pendingEvents: { type: [pendingEventSchema], default: [] },
    outboxPending: { type: Boolean, required: true },
  },
  { collection: 'bookings', versionKey: false, minimize: false },
);
bookingSchema.index({ pnr: 1 }, { unique: true });
// Serves GET /bookings: one client's bookings in one environment, newest first, below a cursor.
bookingSchema.index({ clientId: 1, livemode: 1, number: -1 });
// Serves the outbox relay: bookings with unpublished events, oldest first.
bookingSchema.index({ outboxPending: 1, number: 1 });
// Serves the completion sweeper: bookings whose travel date has passed.
bookingSchema.index({ date: 1 });
