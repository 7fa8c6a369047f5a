import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';

/**
 * A payment of an invoice, `_id` = `<invoice id>:<k>` with k = 1, 2, ...: of two payments racing for the
 * same k one insert lands, and the other re-reads and checks again, so the running totals form a chain.
 */
export interface PaymentDocument {
  _id: string;
  invoiceId: string;
  k: number;
  amount: number;
  total: number;
  method: string;
  reference: string | null;
  receivedAt: Date;
  recordedAt: Date;
  recordedBy: string;
  /** The idempotent attempt that recorded it (docs/idempotency.md); absent on payments recorded before keys. */
  attempt?: string;
}

export const paymentSchema = new Schema<PaymentDocument>(
  {
    _id: { type: String, required: true },
    invoiceId: { type: String, required: true },
    k: { type: Number, required: true },
    amount: { type: Number, required: true },
    total: { type: Number, required: true },
    method: { type: String, required: true },
    reference: { type: String, default: null },
    receivedAt: { type: Date, required: true },
    recordedAt: { type: Date, required: true },
    recordedBy: { type: String, required: true },
    attempt: { type: String, default: undefined },
  },
  { collection: 'payments', versionKey: false },
);
// Serves "the payments of these invoices".
paymentSchema.index({ invoiceId: 1, k: 1 });
// Serves a replay (the payment of an idempotent attempt); unique, so a takeover's insert collides with the
// winner's and an attempt records one payment. Only payments with an attempt are indexed.
paymentSchema.index(
  { attempt: 1 },
  { name: 'by_attempt', unique: true, partialFilterExpression: { attempt: { $type: 'string' } } },
);
// A recorded payment carries its audit entry in its insert (docs/decisions/audit.md); payments are never deleted.
withAuditOutbox(paymentSchema);
