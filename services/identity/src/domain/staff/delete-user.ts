import type { RoleRepository } from '../../db/role.repository';
import type { StaffUserRepository } from '../../db/staff-user.repository';
import type { IdentityChanges } from '../identity-changes';
import type { StaffActor } from './staff';
import { staffChangeEntry } from './staff-change';
import { assertMayManageUser, findVisibleUser } from './staff-lookups';
import { assertNotSelf, staffScopeOf } from './staff-scope';

export interface DeleteUserDeps {
  users: StaffUserRepository;
  roles: RoleRepository;
  changes: IdentityChanges;
}

/**
 * Deletes a user the actor may manage, leaving a tombstone with the audit entry; their sessions stop counting at
 * once (GetSession checks the user).
 */
export function createDeleteUser({ users, roles, changes }: DeleteUserDeps) {
  return async function deleteUser(actor: StaffActor, id: string): Promise<void> {
    const user = await findVisibleUser(users, actor, id);
    assertNotSelf(actor, user, 'delete');
    await assertMayManageUser(roles, actor, user);
    const entry = staffChangeEntry(actor, 'staff_user', 'deleted', user.id, {
      email: user.email,
      tenantId: user.tenantId,
    });
    await changes.announcing('staff_user', user.id, () => users.delete(staffScopeOf(actor), user.id, entry));
  };
}
