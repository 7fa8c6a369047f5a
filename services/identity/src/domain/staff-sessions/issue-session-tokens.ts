import type { RefreshTokenRepository } from '../../db/refresh-token.repository';
import type { AccessTokens } from '../access-tokens/access-tokens';
import type { SessionTokens, StaffSession, StaffUser } from '../staff/staff';
import { hashRefreshToken, newRefreshToken } from './session-credentials';
import type { ProfileOf } from './staff-profile';

export interface IssueSessionTokensDeps {
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokenRepository;
  profileOf: ProfileOf;
  now: () => Date;
}

/** A fresh access token and the session's next refresh token (stored as its hash only). */
export function createIssueSessionTokens({
  accessTokens,
  refreshTokens,
  profileOf,
  now,
}: IssueSessionTokensDeps) {
  return async function issueSessionTokens(session: StaffSession, user: StaffUser): Promise<SessionTokens> {
    const refreshToken = newRefreshToken();
    await refreshTokens.store(hashRefreshToken(refreshToken), session.id, now());
    const accessToken = await accessTokens.issue({
      userId: user.id,
      sessionId: session.id,
      tenantId: user.tenantId,
    });
    return { accessToken, refreshToken, expiresIn: accessTokens.ttlSeconds, profile: await profileOf(user) };
  };
}

export type IssueSessionTokens = ReturnType<typeof createIssueSessionTokens>;
