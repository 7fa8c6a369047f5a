import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';

/** A staff sign-in: `_id` is `ses_<random>`; access tokens carry it as `sid`. Revocation lives apart. */
export interface StaffSessionDocument {
  _id: string;
  userId: string;
  createdAt: Date;
  /** Sign-in + REFRESH_TOKEN_TTL_SECONDS; refreshing does not extend it. */
  expiresAt: Date;
  ip: string;
  userAgent: string;
}

export const staffSessionSchema = new Schema<StaffSessionDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    ip: { type: String, default: '' },
    userAgent: { type: String, default: '' },
  },
  { collection: 'staff_sessions', versionKey: false },
);
// Serves "every live session of a user" (revoked when an administrator sets the user's password).
staffSessionSchema.index({ userId: 1, expiresAt: 1 });
// Retention (TTL): an expired session counts for nothing (`live-session.ts` checks expiresAt): the store drops it.
staffSessionSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
// A sign-in carries its audit entry until relayed (docs/decisions/audit.md).
withAuditOutbox(staffSessionSchema);
