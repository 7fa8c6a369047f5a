import { insertIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import { type RefreshTokenDocument, refreshTokenSchema } from './refresh-token.schema';
import { refreshTokenUseSchema } from './refresh-token-use.schema';

export interface RefreshTokenRepository {
  store(hash: string, sessionId: string, at: Date): Promise<void>;
  /** The session a token (by hash) was issued for; null when it was never issued. */
  sessionOf(hash: string): Promise<string | null>;
  /** Claims the token's single use: true for the first caller only, also under concurrency. */
  claimUse(hash: string, sessionId: string, at: Date): Promise<boolean>;
}

/** `keepMs`: the longest a session lives (REFRESH_TOKEN_TTL_SECONDS); a token and its use are kept that long. */
export function createRefreshTokenRepository(
  connection: Connection,
  { keepMs }: { keepMs: number },
): RefreshTokenRepository {
  const tokens = modelOn(connection, 'RefreshToken', refreshTokenSchema);
  const uses = modelOn(connection, 'RefreshTokenUse', refreshTokenUseSchema);
  const expiryOf = (at: Date) => new Date(at.getTime() + keepMs);
  return {
    async store(hash, sessionId, at) {
      await tokens.create({ _id: hash, sessionId, createdAt: at, expiresAt: expiryOf(at) });
    },
    async sessionOf(hash) {
      const doc = await tokens.findById(hash).lean<RefreshTokenDocument>();
      return doc?.sessionId ?? null;
    },
    async claimUse(hash, sessionId, at) {
      // A unique insert: of two uses of one token exactly one lands, and the other is a reuse.
      return insertIfAbsent(uses, { _id: hash, sessionId, at, expiresAt: expiryOf(at) });
    },
  };
}
