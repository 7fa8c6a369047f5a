import { Schema } from 'mongoose';

/**
 * The one use of a refresh token: `_id` is the token's hash. Inserted when the token is rotated; a second
 * insert fails on the `_id`, which is how reuse is detected even when two refreshes race.
 */
export interface RefreshTokenUseDocument {
  _id: string;
  sessionId: string;
  at: Date;
  /** Its time plus the longest a session lives (REFRESH_TOKEN_TTL_SECONDS): its session has ended by then. */
  expiresAt: Date;
}

export const refreshTokenUseSchema = new Schema<RefreshTokenUseDocument>(
  {
    _id: { type: String, required: true },
    sessionId: { type: String, required: true },
    at: { type: Date, required: true },
    expiresAt: { type: Date },
  },
  { collection: 'refresh_token_uses', versionKey: false },
);
// Retention (TTL): reuse of a token only matters while its session lives (docs/retention.md).
refreshTokenUseSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
