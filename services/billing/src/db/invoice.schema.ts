import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';

/** An invoice as created; never updated (its state is in `invoice_marks` and `payments`). */
export interface InvoiceDocument {
  _id: string;
  n: number;
  number: string;
  tenantId: string;
  amount: number;
  dueDate: string;
  lineIds: string[];
  createdAt: Date;
  createdBy: string;
}

export const invoiceSchema = new Schema<InvoiceDocument>(
  {
    _id: { type: String, required: true },
    n: { type: Number, required: true },
    number: { type: String, required: true },
    tenantId: { type: String, required: true },
    amount: { type: Number, required: true },
    dueDate: { type: String, required: true },
    lineIds: { type: [String], default: [] },
    createdAt: { type: Date, required: true },
    createdBy: { type: String, required: true },
  },
  { collection: 'invoices', versionKey: false, minimize: false },
);
invoiceSchema.index({ number: 1 }, { unique: true });
// Serves the staff list: one tenant's invoices (or all), newest first, below a cursor.
invoiceSchema.index({ tenantId: 1, n: -1 });
invoiceSchema.index({ n: -1 });
// Its creation's audit entry waits here until relayed (docs/decisions/audit.md); invoices are never deleted.
withAuditOutbox(invoiceSchema);
