import type { StaffSessionRepository } from '../../db/staff-session.repository';
import type { StaffUserRepository } from '../../db/staff-user.repository';
import type { StaffSession, StaffUser } from '../staff/staff';
import { ANY_TENANT } from '../staff/staff-scope';

export interface LiveSessionDeps {
  sessions: StaffSessionRepository;
  users: StaffUserRepository;
  now: () => Date;
}

/** A session counts while it exists, is not revoked, has not expired, and its user exists and is active. */
export function createFindLiveSession({ sessions, users, now }: LiveSessionDeps) {
  return async function findLiveSession(
    sessionId: string,
  ): Promise<{ session: StaffSession; user: StaffUser } | null> {
    const session = await sessions.find(sessionId);
    if (!session || session.revoked || session.expiresAt.getTime() <= now().getTime()) return null;
    const user = await users.findById(ANY_TENANT, session.userId);
    if (user?.status !== 'active') return null;
    return { session, user };
  };
}

export type FindLiveSession = ReturnType<typeof createFindLiveSession>;
