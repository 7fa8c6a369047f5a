import { AppError } from '@travel/errors';
import type { RoleRepository } from '../../db/role.repository';
import type { StaffUserRepository } from '../../db/staff-user.repository';
import type { StaffActor } from './staff';
import type { RecordStaffChange } from './staff-change';
import { findVisibleRole } from './staff-lookups';
import { assertChangeable, assertWithinActorRights, staffScopeOf } from './staff-scope';

export interface DeleteRoleDeps {
  roles: RoleRepository;
  users: StaffUserRepository;
  recordStaffChange: RecordStaffChange;
}

/** Deletes a role nobody holds any more; the built-in role stays. */
export function createDeleteRole({ roles, users, recordStaffChange }: DeleteRoleDeps) {
  return async function deleteRole(actor: StaffActor, id: string): Promise<void> {
    const role = await findVisibleRole(roles, actor, id);
    assertChangeable(role);
    assertWithinActorRights(actor, role.rights);
    if (await users.anyWithRole(role.id)) {
      throw new AppError(
        'conflict',
        'The role is still assigned to staff users; give them another role first.',
      );
    }
    if (!(await roles.delete(staffScopeOf(actor), role.id))) return;
    await recordStaffChange(actor, 'role', 'deleted', role.id, { name: role.name, tenantId: role.tenantId });
  };
}
