import type { StaffUserRepository } from '../../db/staff-user.repository';
import type { StaffActor, StaffUser } from './staff';
import { isPlatformActor } from './staff-scope';

/** Every staff user for platform staff; only their own tenant's for tenant staff. */
export function createListUsers({ users }: { users: StaffUserRepository }) {
  return function listUsers(actor: StaffActor): Promise<StaffUser[]> {
    return users.list(isPlatformActor(actor) ? {} : { tenantId: actor.tenantId ?? null });
  };
}
