import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';
import type { BookingStatus, BookingType, Contact, StorefrontPart, Traveller } from '../domain/booking';
import type { VoucherDiscount } from '../domain/booking-discounts';
import { type PendingEvent, pendingEventSchema } from './pending-event';

/**
 * A booking, its status and its outbox. It is inserted once with its `booking.created`; afterwards only
 * single-document conditional updates touch it: a cancel or a completion moves `Upcoming` on once
 * (`status: 'Upcoming'` in the filter decides a race), a cancel pushes its `booking.cancelled` in the same
 * update, and the outbox relay pulls the events it published. One booking's events live in one array, in
 * the order they happened.
 */
export interface BookingDocument {
  _id: string;
  number: number;
  /** The idempotent attempt that made it (unique): a replay finds its booking by it, and an attempt books once. */
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
  /** Booked from a simulated offer; absent on bookings made before the mark, all of them simulated. */
  simulated?: boolean;
  createdAt: Date;
  status: BookingStatus;
  /** When it left `Upcoming` (cancelled, or completed by its travel date); null while upcoming. */
  closedAt: Date | null;
  /** The attempt of the idempotent cancel that cancelled it (absent without a key): its retry replays it. */
  cancelAttempt?: string;
  /** Events not yet acknowledged by Kafka, oldest first; empty once relayed. */
  pendingEvents: PendingEvent[];
  /** The supplier staff assigned to fulfil it (`PUT /api/admin/bookings/assign-supplier`); absent until then. */
  supplierId?: string | null;
  /** A storefront booking's customer and money; absent on partner bookings (tenant '' and client 0 here). */
  storefront?: StorefrontPart;
  /** The voucher a tenant's offline booking redeemed; absent without one. */
  voucher?: VoucherDiscount;
}

export const bookingSchema = new Schema<BookingDocument>(
  {
    _id: { type: String, required: true },
    number: { type: Number, required: true },
    attempt: { type: String, required: true },
    pnr: { type: String, required: true },
    // A storefront booking has no tenant ('') and no client (0); partner bookings always have both.
    tenantId: { type: String, default: '' },
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
    simulated: { type: Boolean, default: undefined },
    createdAt: { type: Date, required: true },
    status: { type: String, required: true },
    closedAt: { type: Date, default: null },
    // Read with the booking's `_id` (findCancelledBy): no index of its own.
    cancelAttempt: { type: String, default: undefined },
    pendingEvents: { type: [pendingEventSchema], default: [] },
    supplierId: { type: String, default: undefined },
    storefront: { type: Schema.Types.Mixed, default: undefined },
    voucher: { type: Schema.Types.Mixed, default: undefined },
  },
  { collection: 'bookings', versionKey: false, minimize: false },
);
// Serves a replay (the booking of an idempotent attempt); unique, so a takeover's insert collides with the winner's.
bookingSchema.index({ attempt: 1 }, { unique: true });
// Unique PNRs: a colliding draw is refused and drawn again.
bookingSchema.index({ pnr: 1 }, { unique: true });
// Serves GET /bookings: one owner's bookings (client, environment, tenant), newest first, below a cursor.
bookingSchema.index({ clientId: 1, livemode: 1, tenantId: 1, number: -1 });
// Serves the outbox relay's scan: bookings holding unpublished events (only those are indexed), oldest first.
bookingSchema.index(
  { number: 1 },
  { name: 'outbox_pending', partialFilterExpression: { 'pendingEvents.id': { $exists: true } } },
);
// Serves the storefront's GET /api/bookings: one customer's bookings (only storefront ones are indexed), newest first.
bookingSchema.index(
  { 'storefront.customerId': 1, number: -1 },
  { name: 'storefront_by_customer', partialFilterExpression: { 'storefront.customerId': { $exists: true } } },
);
// Serves the settler: storefront bookings owing a payment or a refund (only those are indexed), oldest first.
bookingSchema.index(
  { number: 1 },
  { name: 'storefront_unsettled', partialFilterExpression: { 'storefront.unsettled': true } },
);
// Serves the staff list of every booking (the platform's), newest first, below a cursor.
bookingSchema.index({ number: -1 });
// Serves the staff list of one tenant's bookings (or the storefront's: tenant ''), newest first.
bookingSchema.index({ tenantId: 1, number: -1 });
// Serves the completion sweeper: upcoming bookings (only those are indexed) whose travel date has passed.
bookingSchema.index(
  { date: 1 },
  { name: 'upcoming_by_date', partialFilterExpression: { status: 'Upcoming' } },
);
// A staff change of a booking (offline booking, its cancel, a supplier) carries its audit entry until relayed
// (docs/decisions/audit.md).
withAuditOutbox(bookingSchema);
