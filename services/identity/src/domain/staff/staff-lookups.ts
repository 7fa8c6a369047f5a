import { AppError, badRequest } from '@travel/errors';
import type { RoleRepository } from '../../db/role.repository';
import type { StaffUserRepository } from '../../db/staff-user.repository';
import type { Role, StaffActor, StaffUser } from './staff';
import { ANY_TENANT, assertWithinActorRights, canSeeTenant, staffScopeOf } from './staff-scope';

/** A user the actor may see; another tenant's user is `not_found`, as if it did not exist. */
export async function findVisibleUser(
  users: StaffUserRepository,
  actor: StaffActor,
  id: string,
): Promise<StaffUser> {
  const user = await users.findById(staffScopeOf(actor), id);
  if (!user) throw new AppError('not_found', 'No such staff user.');
  return user;
}

export async function findVisibleRole(roles: RoleRepository, actor: StaffActor, id: string): Promise<Role> {
  const role = await roles.findById(staffScopeOf(actor), id);
  if (!role) throw new AppError('not_found', 'No such role.');
  return role;
}

/**
 * The role to give a user of `tenantId`: it must belong to that tenant (a platform role for platform
 * staff), and the actor must hold every right it grants.
 */
export async function assignableRole(
  roles: RoleRepository,
  actor: StaffActor,
  roleId: string,
  tenantId: string | null,
): Promise<Role> {
  const role = roleId ? await roles.findById(staffScopeOf(actor), roleId) : null;
  if (!role || role.tenantId !== tenantId || !canSeeTenant(actor, role.tenantId)) {
    const scope = tenantId === null ? 'a platform role' : "a role of the user's tenant";
    throw badRequest([{ path: 'roleId', message: `Must be ${scope}.` }]);
  }
  assertWithinActorRights(actor, role.rights);
  return role;
}

/** Managing a user whose role holds rights beyond the actor's would be a way around the subset rule. */
export async function assertMayManageUser(roles: RoleRepository, actor: StaffActor, user: StaffUser) {
  // The user's role, wherever it lives: a platform user's role is no tenant's.
  const role = await roles.findById(ANY_TENANT, user.roleId);
  assertWithinActorRights(actor, role?.rights ?? []);
}
