import { Schema } from 'mongoose';

/**
 * A revoked session: `_id` is the session id. Revoking is an insert, never an update of the session, so
 * it is a one-time fact that concurrent revokers (logout, reuse detection) agree on.
 */
export interface SessionRevocationDocument {
  _id: string;
  /** `logout`, `refresh_reuse`, `password_changed`. */
  reason: string;
  at: Date;
}

export const sessionRevocationSchema = new Schema<SessionRevocationDocument>(
  {
    _id: { type: String, required: true },
    reason: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'session_revocations', versionKey: false },
);
