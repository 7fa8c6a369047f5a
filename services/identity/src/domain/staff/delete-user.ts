import type { RoleRepository } from '../../db/role.repository';
import type { StaffUserRepository } from '../../db/staff-user.repository';
import type { StaffActor } from './staff';
import type { RecordStaffChange } from './staff-change';
import { assertMayManageUser, findVisibleUser } from './staff-lookups';
import { assertNotSelf, staffScopeOf } from './staff-scope';

export interface DeleteUserDeps {
  users: StaffUserRepository;
  roles: RoleRepository;
  recordStaffChange: RecordStaffChange;
}

/** Deletes a user the actor may manage; their sessions stop counting at once (GetSession checks the user). */
export function createDeleteUser({ users, roles, recordStaffChange }: DeleteUserDeps) {
  return async function deleteUser(actor: StaffActor, id: string): Promise<void> {
    const user = await findVisibleUser(users, actor, id);
    assertNotSelf(actor, user, 'delete');
    await assertMayManageUser(roles, actor, user);
    if (!(await users.delete(staffScopeOf(actor), user.id))) return;
    await recordStaffChange(actor, 'staff_user', 'deleted', user.id, {
      email: user.email,
      tenantId: user.tenantId,
    });
  };
}
