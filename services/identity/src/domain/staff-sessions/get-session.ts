import type { StaffProfile } from '../staff/staff';
import type { FindLiveSession } from './live-session';
import type { ProfileOf } from './staff-profile';

/**
 * What a gateway asks for a verified access token's `sid` (and caches until `identity.changed`): whether
 * the session still counts, and the staff member with the rights they hold now.
 */
export function createGetSession({
  findLiveSession,
  profileOf,
}: {
  findLiveSession: FindLiveSession;
  profileOf: ProfileOf;
}) {
  return async function getSession(sessionId: string): Promise<{ active: boolean; profile?: StaffProfile }> {
    const live = await findLiveSession(sessionId);
    if (!live) return { active: false };
    return { active: true, profile: await profileOf(live.user) };
  };
}
