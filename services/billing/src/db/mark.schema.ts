import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';

/** `invoice.paid` waiting in the outbox of the mark that decided it; cleared once Kafka acknowledged it. */
export interface PendingPaidEvent {
  id: string;
  occurredAt: Date;
  /** The payload's fields as they were when it became paid. */
  invoice: { id: string; number: string; amount: number; paidAmount: number; dueDate: string };
}

/**
 * How an invoice moved on: `<invoice id>:sent` when it was sent, `<invoice id>:end` when it was paid or
 * cancelled. Each is inserted once (the unique `_id` decides a race), so an invoice is paid or cancelled,
 * never both, and `invoice.paid` is written exactly once, in the same insert as the fact.
 */
export interface MarkDocument {
  _id: string;
  invoiceId: string;
  /** The invoice's `n` and tenant: partner lists read the `sent` marks, newest first. */
  n: number;
  tenantId: string;
  kind: 'sent' | 'end';
  status: 'sent' | 'paid' | 'cancelled';
  at: Date;
  pendingEvents: PendingPaidEvent[];
  outboxPending: boolean;
}

export const markSchema = new Schema<MarkDocument>(
  {
    _id: { type: String, required: true },
    invoiceId: { type: String, required: true },
    n: { type: Number, required: true },
    tenantId: { type: String, required: true },
    kind: { type: String, required: true },
    status: { type: String, required: true },
    at: { type: Date, required: true },
    pendingEvents: {
      type: [
        new Schema<PendingPaidEvent>(
          { id: String, occurredAt: Date, invoice: { type: Schema.Types.Mixed } },
          { _id: false },
        ),
      ],
      default: [],
    },
    outboxPending: { type: Boolean, required: true },
  },
  { collection: 'invoice_marks', versionKey: false, minimize: false },
);
// Serves partner and tenant-staff lists: a tenant's sent invoices, newest first, below a cursor.
markSchema.index({ kind: 1, tenantId: 1, n: -1 });
// Serves the marks of a page of invoices.
markSchema.index({ invoiceId: 1 });
// Serves the outbox relay's scan.
markSchema.index({ outboxPending: 1, at: 1 });
// A staff move (sent, cancelled) carries its audit entry in the mark's insert (docs/decisions/audit.md).
withAuditOutbox(markSchema);
