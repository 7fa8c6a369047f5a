import { Schema } from 'mongoose';
import type { ChargeRefusal, PaymentStatus, Refund } from '../domain/wallet';

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
  /** Absent on payments recorded before card payments: those were captured. */
  status?: PaymentStatus;
  /** Absent likewise: those were the simulator's (or the wallet's alone). */
  provider?: 'simulated' | 'stripe' | null;
  clientSecret?: string | null;
  /** Set on a payment refused for want of a usable gateway (absent on others). */
  failure?: ChargeRefusal | null;
  createdAt?: Date;
  capturedAt: Date | null;
  refund: Refund | null;
  pendingEvents: PendingMoneyEvent[];
}

const refundSchema = new Schema<Refund>(
  {
    id: String,
    bookingId: String,
    amount: Number,
    status: String,
    walletAmount: Number,
    cardAmount: Number,
    card: {
      type: new Schema({ provider: String, reference: String, status: String }, { _id: false }),
      default: null,
    },
    n: Number,
    createdAt: Date,
  },
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
    status: { type: String, default: 'captured' },
    provider: { type: String, default: null },
    clientSecret: { type: String, default: null },
    failure: { type: String, default: null },
    createdAt: { type: Date },
    capturedAt: { type: Date, default: null },
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
// Serves a provider's webhook: the payment it names, by the gateway's reference of it.
storefrontPaymentSchema.index(
  { gatewayReference: 1 },
  { name: 'by_gateway_reference', partialFilterExpression: { gatewayReference: { $type: 'string' } } },
);
// Serves the outbox relay's scan: payments holding unpublished events (only those are indexed), oldest first.
storefrontPaymentSchema.index(
  { capturedAt: 1 },
  { name: 'outbox_pending', partialFilterExpression: { 'pendingEvents.id': { $exists: true } } },
);
