import type { StaffSessionRepository } from '../../db/staff-session.repository';
import type { IdentityChanges } from '../identity-changes';

export interface RevokeSessionDeps {
  sessions: StaffSessionRepository;
  changes: IdentityChanges;
  now: () => Date;
}

/**
 * Revokes a session (a one-time insert) and tells gateways, which cache sessions, to drop it. Announced
 * even when it was already revoked, so a retry after a failed announcement still reaches them.
 * Answers true when this call revoked it.
 */
export function createRevokeSession({ sessions, changes, now }: RevokeSessionDeps) {
  return async function revokeSession(sessionId: string, reason: string): Promise<boolean> {
    const revokedNow = await sessions.revoke(sessionId, reason, now());
    await changes.announce('staff_session', sessionId);
    return revokedNow;
  };
}

export type RevokeSession = ReturnType<typeof createRevokeSession>;
