import type { AuditEntry } from '@travel/audit';
import type { StaffSessionRepository } from '../../db/staff-session.repository';
import type { IdentityChanges } from '../identity-changes';

export interface RevokeSessionDeps {
  sessions: StaffSessionRepository;
  changes: IdentityChanges;
  now: () => Date;
}

/**
 * Revokes a session (a one-time insert) and tells gateways, which cache sessions, to drop it. One already
 * revoked is not announced again: its notice was stored before its revocation. Answers true when this call
 * revoked it. `entry`: the audit entry of the change that revokes it (a sign-out, a refresh token's reuse), stored
 * in the revocation's insert, so only the revoking call's is recorded.
 */
export function createRevokeSession({ sessions, changes, now }: RevokeSessionDeps) {
  return async function revokeSession(
    sessionId: string,
    reason: string,
    entry?: AuditEntry,
  ): Promise<boolean> {
    return changes.announcing('staff_session', sessionId, () =>
      sessions.revoke(sessionId, reason, now(), entry),
    );
  };
}

export type RevokeSession = ReturnType<typeof createRevokeSession>;
