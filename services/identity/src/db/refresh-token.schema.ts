import { Schema } from 'mongoose';

/** An issued refresh token: `_id` is its SHA-256 (hex); the token itself is never stored. */
export interface RefreshTokenDocument {
  _id: string;
  sessionId: string;
  createdAt: Date;
}

export const refreshTokenSchema = new Schema<RefreshTokenDocument>(
  {
    _id: { type: String, required: true },
    sessionId: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'refresh_tokens', versionKey: false },
);
