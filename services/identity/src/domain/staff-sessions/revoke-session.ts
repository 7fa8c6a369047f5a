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
 * revoked it.
 */
export function createRevokeSession({ sessions, changes, now }: RevokeSessionDeps) {
  return async function revokeSession(sessionId: string, reason: string): Promise<boolean> {
    return changes.announcing('staff_session', sessionId, () => sessions.revoke(sessionId, reason, now()));
  };
}

export type RevokeSession = ReturnType<typeof createRevokeSession>;
