import { AppError } from '@travel/errors';
import type { RoleRepository } from '../../db/role.repository';
import type { StaffUserRepository } from '../../db/staff-user.repository';
import type { IdentityChanges } from '../identity-changes';
import type { StaffActor } from './staff';
import { staffChangeEntry } from './staff-change';
import { findVisibleRole } from './staff-lookups';
import { assertChangeable, assertWithinActorRights, staffScopeOf } from './staff-scope';

export interface DeleteRoleDeps {
  roles: RoleRepository;
  users: StaffUserRepository;
  changes: IdentityChanges;
}

/** Deletes a role nobody holds any more, leaving a tombstone with the audit entry; the built-in role stays. */
export function createDeleteRole({ roles, users, changes }: DeleteRoleDeps) {
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
    const entry = staffChangeEntry(actor, 'role', 'deleted', role.id, {
      name: role.name,
      tenantId: role.tenantId,
    });
    await changes.announcing('role', role.id, () => roles.delete(staffScopeOf(actor), role.id, entry));
  };
}
