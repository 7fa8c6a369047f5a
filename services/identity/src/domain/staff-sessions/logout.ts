import { AppError } from '@travel/errors';
import type { RefreshTokenRepository } from '../../db/refresh-token.repository';
import type { StaffSessionRepository } from '../../db/staff-session.repository';
import type { StaffUserRepository } from '../../db/staff-user.repository';
import { entryOf } from '../audit/audit';
import { ANY_TENANT } from '../staff/staff-scope';
import type { RevokeSession } from './revoke-session';
import { hashRefreshToken } from './session-credentials';

export interface LogoutDeps {
  refreshTokens: RefreshTokenRepository;
  sessions: StaffSessionRepository;
  users: StaffUserRepository;
  revokeSession: RevokeSession;
}

/**
 * Revokes the session of a refresh token (any token the session ever had), the audit entry in the revocation's
 * insert; a second logout is a no-op.
 */
export function createLogout({ refreshTokens, sessions, users, revokeSession }: LogoutDeps) {
  return async function logout(input: {
    refreshToken: string;
    ip: string;
    requestId: string;
  }): Promise<void> {
    const sessionId = await refreshTokens.sessionOf(hashRefreshToken(input.refreshToken));
    const session = sessionId ? await sessions.find(sessionId) : null;
    if (!session) throw new AppError('unauthorized', 'The refresh token is invalid.');
    if (session.revoked) return;
    const user = await users.findById(ANY_TENANT, session.userId);
    const entry = entryOf(
      {
        actor: { userId: session.userId, email: user?.email ?? '', tenantId: user?.tenantId ?? null },
        action: 'auth.logout',
        target: { type: 'staff_session', id: session.id },
        details: {},
        ip: input.ip,
        requestId: input.requestId,
      },
      new Date(),
    );
    await revokeSession(session.id, 'logout', entry);
  };
}
