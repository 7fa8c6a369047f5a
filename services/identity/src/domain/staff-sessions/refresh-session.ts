import { AppError } from '@travel/errors';
import type { RefreshTokenRepository } from '../../db/refresh-token.repository';
import { entryOf } from '../audit/audit';
import type { SessionTokens } from '../staff/staff';
import type { IssueSessionTokens } from './issue-session-tokens';
import type { FindLiveSession } from './live-session';
import type { RevokeSession } from './revoke-session';
import { hashRefreshToken } from './session-credentials';

export interface RefreshSessionDeps {
  refreshTokens: RefreshTokenRepository;
  findLiveSession: FindLiveSession;
  issueSessionTokens: IssueSessionTokens;
  revokeSession: RevokeSession;
  now: () => Date;
}

export interface RefreshInput {
  refreshToken: string;
  ip: string;
  requestId: string;
}

const INVALID = 'The refresh token is invalid, expired or revoked.';

/**
 * Rotates a refresh token. Its single use is claimed by a unique insert; a token that was already used
 * (stolen and replayed, or raced) revokes the whole session, so neither holder keeps it.
 */
export function createRefreshSession(deps: RefreshSessionDeps) {
  const { refreshTokens, findLiveSession, issueSessionTokens, revokeSession, now } = deps;
  return async function refreshSession(input: RefreshInput): Promise<SessionTokens> {
    const hash = hashRefreshToken(input.refreshToken);
    const sessionId = await refreshTokens.sessionOf(hash);
    const live = sessionId ? await findLiveSession(sessionId) : null;
    if (!live) throw new AppError('unauthorized', INVALID);
    const { session, user } = live;
    if (!(await refreshTokens.claimUse(hash, session.id, now()))) {
      // Recorded in the revocation's insert: of two reuses racing, only the one that revoked is recorded.
      const entry = entryOf(
        {
          actor: { userId: user.id, email: user.email, tenantId: user.tenantId },
          action: 'auth.refresh_reuse_detected',
          target: { type: 'staff_session', id: session.id },
          details: { sessionCreatedAt: session.createdAt.toISOString() },
          ip: input.ip,
          requestId: input.requestId,
        },
        now(),
      );
      await revokeSession(session.id, 'refresh_reuse', entry);
      throw new AppError('unauthorized', INVALID);
    }
    return issueSessionTokens(session, user);
  };
}
