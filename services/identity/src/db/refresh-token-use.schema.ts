import { Schema } from 'mongoose';

/**
 * The one use of a refresh token: `_id` is the token's hash. Inserted when the token is rotated; a second
 * insert fails on the `_id`, which is how reuse is detected even when two refreshes race.
 */
export interface RefreshTokenUseDocument {
  _id: string;
  sessionId: string;
  at: Date;
}

export const refreshTokenUseSchema = new Schema<RefreshTokenUseDocument>(
  {
    _id: { type: String, required: true },
    sessionId: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'refresh_token_uses', versionKey: false },
);
