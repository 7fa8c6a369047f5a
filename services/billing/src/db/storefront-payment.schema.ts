import { Schema } from 'mongoose';
import type { Refund } from '../domain/wallet';

/** An event waiting in the outbox of the payment whose fact it records (`payment.captured`, `refund.completed`). */
export interface PendingMoneyEvent {
  id: string;
  type: 'payment.captured' | 'refund.completed';
  occurredAt: Date;
}

/**
 * A storefront booking's payment (`_id` = the booking id, so a booking is paid once: the insert decides),
 * its refund once cancelled (set once, by a conditional update on `refund: null`), and the events of both
 * in the same document (the outbox).
 */
export interface StorefrontPaymentDocument {
  _id: string;
  paymentId: string;
  customerId: string;
  total: number;
  walletPaid: number;
  charged: number;
  gatewayId: string | null;
  gatewayReference: string | null;
  capturedAt: Date;
  refund: Refund | null;
  pendingEvents: PendingMoneyEvent[];
}

const refundSchema = new Schema<Refund>(
  { id: String, bookingId: String, amount: Number, status: String, n: Number, createdAt: Date },
  { _id: false },
);

export const storefrontPaymentSchema = new Schema<StorefrontPaymentDocument>(
  {
    _id: { type: String, required: true },
    paymentId: { type: String, required: true },
    customerId: { type: String, required: true },
    total: { type: Number, required: true },
    walletPaid: { type: Number, required: true },
    charged: { type: Number, required: true },
    gatewayId: { type: String, default: null },
    gatewayReference: { type: String, default: null },
    capturedAt: { type: Date, required: true },
    refund: { type: refundSchema, default: null },
    pendingEvents: {
      type: [new Schema<PendingMoneyEvent>({ id: String, type: String, occurredAt: Date }, { _id: false })],
      default: [],
    },
  },
  { collection: 'storefront_payments', versionKey: false, minimize: false },
);
// Serves GET /api/refunds: the customer's refunds (only refunded payments are indexed), newest first.
storefrontPaymentSchema.index(
  { customerId: 1, 'refund.n': -1 },
  { name: 'refunds_by_customer', partialFilterExpression: { 'refund.n': { $exists: true } } },
);
// Serves the outbox relay's scan: payments holding unpublished events (only those are indexed), oldest first.
storefrontPaymentSchema.index(
  { capturedAt: 1 },
  { name: 'outbox_pending', partialFilterExpression: { 'pendingEvents.id': { $exists: true } } },
);
