import type { CustomerRepository } from '../../db/customer.repository';
import type { CustomerSessionRepository } from '../../db/customer-session.repository';
import type { RefreshTokenRepository } from '../../db/refresh-token.repository';
import type { AccessTokens } from '../access-tokens/access-tokens';
import type { IdentityChanges } from '../identity-changes';
import { hashRefreshToken, newRefreshToken, newSessionId } from '../staff-sessions/session-credentials';
import type { Customer, CustomerSession, CustomerTokens } from './customer';

export interface CustomerSessionsDeps {
  sessions: CustomerSessionRepository;
  customers: CustomerRepository;
  refreshTokens: RefreshTokenRepository;
  /** Signs with identity's key but `aud` customer, so staff routes refuse these tokens. */
  accessTokens: AccessTokens;
  changes: IdentityChanges;
  now: () => Date;
  sessionTtlSeconds: number;
}

/** Starting, checking, refreshing and ending customer sessions: the steps the customer use cases share. */
export function createCustomerSessions(deps: CustomerSessionsDeps) {
  const { sessions, customers, refreshTokens, accessTokens, changes, now } = deps;

  /** A fresh access token and the session's next refresh token (stored as its hash only). */
  async function issue(session: CustomerSession, customer: Customer): Promise<CustomerTokens> {
    const refreshToken = newRefreshToken();
    await refreshTokens.store(hashRefreshToken(refreshToken), session.id, now());
    const accessToken = await accessTokens.issue({
      userId: customer.id,
      sessionId: session.id,
      tenantId: null,
    });
    return { accessToken, refreshToken, expiresIn: accessTokens.ttlSeconds, customer };
  }

  return {
    issue,
    async start(customer: Customer, from: { ip: string; userAgent: string }): Promise<CustomerTokens> {
      const at = now();
      const session: CustomerSession = {
        id: newSessionId(),
        customerId: customer.id,
        createdAt: at,
        expiresAt: new Date(at.getTime() + deps.sessionTtlSeconds * 1000),
        ip: from.ip,
        userAgent: from.userAgent.slice(0, 500),
      };
      await sessions.create(session);
      return issue(session, customer);
    },
    /** A session counts while it exists, is not revoked, has not expired, and its customer is active. */
    async findLive(sessionId: string): Promise<{ session: CustomerSession; customer: Customer } | null> {
      const session = await sessions.find(sessionId);
      if (!session || session.revoked || session.expiresAt.getTime() <= now().getTime()) return null;
      const customer = await customers.findActive(session.customerId);
      if (!customer) return null;
      return { session, customer };
    },
    /**
     * Revokes a session and tells gateways, which cache sessions, to drop it. One already revoked is not announced
     * again: its notice was stored before its revocation.
     */
    async revoke(sessionId: string, reason: string): Promise<boolean> {
      return changes.announcing('customer_session', sessionId, () =>
        sessions.revoke(sessionId, reason, now()),
      );
    },
  };
}

export type CustomerSessions = ReturnType<typeof createCustomerSessions>;
