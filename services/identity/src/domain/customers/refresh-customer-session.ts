import { AppError } from '@travel/errors';
import type { RefreshTokenRepository } from '../../db/refresh-token.repository';
import { hashRefreshToken } from '../staff-sessions/session-credentials';
import type { CustomerTokens } from './customer';
import type { CustomerSessions } from './customer-sessions';

const INVALID = 'The refresh token is invalid, expired or revoked.';

/**
 * Rotates a customer's refresh token. Its single use is claimed by a unique insert; a token that was
 * already used (stolen and replayed, or raced) revokes the whole session, so neither holder keeps it.
 */
export function createRefreshCustomerSession(deps: {
  refreshTokens: RefreshTokenRepository;
  customerSessions: CustomerSessions;
  now: () => Date;
}) {
  const { refreshTokens, customerSessions, now } = deps;
  return async function refreshCustomerSession(refreshToken: string): Promise<CustomerTokens> {
    const hash = hashRefreshToken(refreshToken);
    const sessionId = await refreshTokens.sessionOf(hash);
    const live = sessionId ? await customerSessions.findLive(sessionId) : null;
    if (!live) throw new AppError('unauthorized', INVALID);
    if (!(await refreshTokens.claimUse(hash, live.session.id, now()))) {
      await customerSessions.revoke(live.session.id, 'refresh_reuse');
      throw new AppError('unauthorized', INVALID);
    }
    return customerSessions.issue(live.session, live.customer);
  };
}
