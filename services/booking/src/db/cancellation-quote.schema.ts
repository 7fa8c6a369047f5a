import { Schema } from 'mongoose';

/**
 * A cancellation quote: what a cancel of one booking refunds, promised until `expiresAt`. Its owner is
 * part of every query's filter, so only the client that asked can name it in a cancel.
 */
export interface CancellationQuoteDocument {
  /** `cqt_<random>`: unguessable, the client names it in `POST /bookings/{id}/cancel`. */
  _id: string;
  bookingId: string;
  tenantId: string;
  clientId: number;
  livemode: boolean;
  refund: { amount: number; penalty: number; currency: 'INR'; rule: 'full_refund_before_travel' };
  createdAt: Date;
  expiresAt: Date;
  /** A day after `expiresAt`: until then a late cancel is told `quote_expired` rather than `quote_invalid`. */
  deleteAt: Date;
}

export const cancellationQuoteSchema = new Schema<CancellationQuoteDocument>(
  {
    _id: { type: String, required: true },
    bookingId: { type: String, required: true },
    tenantId: { type: String, required: true },
    clientId: { type: Number, required: true },
    livemode: { type: Boolean, required: true },
    refund: { type: Schema.Types.Mixed, required: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    deleteAt: { type: Date, required: true },
  },
  { collection: 'cancellation_quotes', versionKey: false },
);
// A TTL index: the store deletes quotes a day after they expired (reads go by `_id` and owner only).
cancellationQuoteSchema.index({ deleteAt: 1 }, { expireAfterSeconds: 0 });
