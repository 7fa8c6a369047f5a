import { Schema } from 'mongoose';

/**
 * A claimed idempotency key, in the database of the service that does the work. `_id` is the scope (the
 * operation, whose key it is, the key), so of concurrent first requests one claim lands. It never stores the
 * answer: the record the work wrote with `attempt` (a booking, a cancelled booking, a wallet entry, an invoice
 * payment) is the answer.
 */
export interface IdempotencyKeyDocument {
  _id: string;
  /** Hex SHA-256 of the canonical JSON body of the first request. */
  fingerprint: string;
  /** Random per claim; the record of its work carries it (unique), so a takeover finishes the same attempt. */
  attempt: string;
  /**
   * Until then the request holding the claim is presumed alive (it renews the lease while it works): a retry is
   * `409 idempotency_key_in_use` with `Retry-After`. Past it the holder died: a retry takes the claim over.
   */
  leaseUntil: Date;
  createdAt: Date;
  /** createdAt + retention (48 h). Past it the key counts as absent; the store deletes it soon after. */
  expiresAt: Date;
}

export const idempotencyKeySchema = new Schema<IdempotencyKeyDocument>(
  {
    _id: { type: String, required: true },
    fingerprint: { type: String, required: true },
    attempt: { type: String, required: true },
    leaseUntil: { type: Date, required: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'idempotency_keys', versionKey: false },
);
// A TTL index: the store deletes keys past their retention (MongoDB's monitor runs every minute; until then
// `find` and `claim` treat such a key as absent).
idempotencyKeySchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
