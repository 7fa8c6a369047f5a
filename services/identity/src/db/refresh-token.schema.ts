import { Schema } from 'mongoose';

/** An issued refresh token: `_id` is its SHA-256 (hex); the token itself is never stored. */
export interface RefreshTokenDocument {
  _id: string;
  sessionId: string;
  createdAt: Date;
  /** Its time plus the longest a session lives (REFRESH_TOKEN_TTL_SECONDS): its session has ended by then. */
  expiresAt: Date;
}

export const refreshTokenSchema = new Schema<RefreshTokenDocument>(
  {
    _id: { type: String, required: true },
    sessionId: { type: String, required: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date },
  },
  { collection: 'refresh_tokens', versionKey: false },
);
// Retention (TTL): a token outlives no session it could refresh (docs/retention.md).
refreshTokenSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
