import { Schema } from 'mongoose';
import type { AttemptRecord } from '../domain/deliveries/delivery';

/**
 * A redelivery's `Idempotency-Key`, claimed by a unique insert of its scope (`<client>:<environment>:<key>`),
 * so of concurrent requests with one key exactly one makes the attempt. It keeps the attempt it made: a
 * retry with the key answers that attempt again and sends nothing.
 */
export interface RedeliveryKeyDocument {
  _id: string;
  deliveryId: string;
  /** Random per claim: only the request holding it (or one that took over a dead one) may finish it. */
  token: string;
  /** Until then the first request is presumed alive: a retry is `409 conflict`. */
  leaseUntil: Date;
  /** The attempt made, once made. */
  attempt?: AttemptRecord;
  createdAt: Date;
  /** createdAt + retention (48 h). Past it the key counts as absent; the store deletes it soon after. */
  expiresAt: Date;
}

export const redeliveryKeySchema = new Schema<RedeliveryKeyDocument>(
  {
    _id: { type: String, required: true },
    deliveryId: { type: String, required: true },
    token: { type: String, required: true },
    leaseUntil: { type: Date, required: true },
    attempt: { type: Object },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'webhook_redelivery_keys', versionKey: false },
);
// A TTL index: keys past their retention are deleted by the store (until then `claim` treats them as absent).
redeliveryKeySchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
