import { withAuditOutbox } from '@travel/audit';
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
  /** Its time plus the longest a session lives (REFRESH_TOKEN_TTL_SECONDS): its session has ended by then. */
  expiresAt: Date;
}

export const sessionRevocationSchema = new Schema<SessionRevocationDocument>(
  {
    _id: { type: String, required: true },
    reason: { type: String, required: true },
    at: { type: Date, required: true },
    expiresAt: { type: Date },
  },
  { collection: 'session_revocations', versionKey: false },
);
// Retention (TTL): a revocation only matters until the session would have expired (docs/retention.md).
sessionRevocationSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
// A sign-out or a refresh token's reuse carries its audit entry until relayed (docs/decisions/audit.md).
withAuditOutbox(sessionRevocationSchema);
