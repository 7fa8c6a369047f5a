import { AppError } from '@travel/errors';
import type { CustomerSessionRepository } from '../../db/customer-session.repository';
import type { RefreshTokenRepository } from '../../db/refresh-token.repository';
import { hashRefreshToken } from '../staff-sessions/session-credentials';
import type { CustomerSessions } from './customer-sessions';

/** Revokes the session of a refresh token (any token the session ever had); a second logout is a no-op. */
export function createLogoutCustomer(deps: {
  refreshTokens: RefreshTokenRepository;
  sessions: CustomerSessionRepository;
  customerSessions: CustomerSessions;
}) {
  const { refreshTokens, sessions, customerSessions } = deps;
  return async function logoutCustomer(refreshToken: string): Promise<void> {
    const sessionId = await refreshTokens.sessionOf(hashRefreshToken(refreshToken));
    const session = sessionId ? await sessions.find(sessionId) : null;
    if (!session) throw new AppError('unauthorized', 'The refresh token is invalid.');
    await customerSessions.revoke(session.id, 'logout');
  };
}
