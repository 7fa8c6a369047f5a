import type { RoleRepository } from '../../db/role.repository';
import type { StaffProfile, StaffUser } from '../staff/staff';
import { ANY_TENANT } from '../staff/staff-scope';

/** The staff member with the rights of their role as stored now (a role change applies at once). */
export function createProfileOf({ roles }: { roles: RoleRepository }) {
  return async function profileOf(user: StaffUser): Promise<StaffProfile> {
    const role = await roles.findById(ANY_TENANT, user.roleId);
    return {
      user,
      roleName: role?.name ?? '',
      rights: role?.rights ?? [],
      platform: user.tenantId === null,
    };
  };
}

export type ProfileOf = ReturnType<typeof createProfileOf>;
