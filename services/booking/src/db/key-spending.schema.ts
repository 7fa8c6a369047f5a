import { Schema } from 'mongoose';

/**
 * What one API key's bookings reserved on one UTC day, `_id` `<keyId>:<YYYY-MM-DD>`. A booking reserves its
 * amount with one conditional `$inc` (only while `spent + amount` fits the daily limit), so concurrent bookings
 * through any number of gateways and booking replicas never pass the limit together.
 */
export interface KeySpendingDocument {
  _id: string;
  keyId: string;
  day: string;
  /** Whole rupees reserved; a booking that failed after its reservation gives its amount back. */
  spent: number;
  /** A week after the day: the store deletes the row then (nothing reads an old day). */
  expiresAt: Date;
}

export const keySpendingSchema = new Schema<KeySpendingDocument>(
  {
    _id: { type: String, required: true },
    keyId: { type: String, required: true },
    day: { type: String, required: true },
    spent: { type: Number, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'key_spending', versionKey: false },
);
// A TTL index: old days are deleted by the store; reservations and reads go by `_id`.
keySpendingSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
