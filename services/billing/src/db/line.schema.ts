import { Schema } from 'mongoose';

/** One booking fact billed to its tenant; `_id` is derived from the booking, so a redelivery collides. */
export interface LineDocument {
  _id: string;
  tenantId: string;
  bookingId: string;
  pnr: string;
  route: string;
  date: string;
  amount: number;
  /** From a booking made of simulated supply; absent on lines written before the mark, all simulated. */
  simulated?: boolean;
  /** The booking event it came from (for support). */
  eventId: string;
  createdAt: Date;
}

export const lineSchema = new Schema<LineDocument>(
  {
    _id: { type: String, required: true },
    tenantId: { type: String, required: true },
    bookingId: { type: String, required: true },
    pnr: { type: String, required: true },
    route: { type: String, required: true },
    date: { type: String, required: true },
    amount: { type: Number, required: true },
    simulated: { type: Boolean, default: undefined },
    eventId: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'invoice_lines', versionKey: false },
);
// Serves "the tenant's lines" when an invoice is built from them.
lineSchema.index({ tenantId: 1, createdAt: 1 });

/** A line taken by an invoice: the unique `_id` (the line's) lets one invoice have it. */
export interface LineClaimDocument {
  _id: string;
  invoiceId: string;
  at: Date;
}

export const lineClaimSchema = new Schema<LineClaimDocument>(
  {
    _id: { type: String, required: true },
    invoiceId: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'invoice_line_claims', versionKey: false },
);
// Serves the release of a cancelled invoice's lines.
lineClaimSchema.index({ invoiceId: 1 });
