import { Schema } from 'mongoose';

/** A customer sign-in: `_id` is `ses_<random>`; customer access tokens carry it as `sid`. */
export interface CustomerSessionDocument {
  _id: string;
  customerId: string;
  createdAt: Date;
  expiresAt: Date;
  ip: string;
  userAgent: string;
  /** Set once, by a conditional update: the first revoker (logout, reuse detection) wins. */
  revokedAt: Date | null;
  revokeReason: string | null;
}

export const customerSessionSchema = new Schema<CustomerSessionDocument>(
  {
    _id: { type: String, required: true },
    customerId: { type: String, required: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    ip: { type: String, default: '' },
    userAgent: { type: String, default: '' },
    revokedAt: { type: Date, default: null },
    revokeReason: { type: String, default: null },
  },
  { collection: 'customer_sessions', versionKey: false },
);
// An expired session counts for nothing (`findLive` checks expiresAt too): the store may drop it.
customerSessionSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
