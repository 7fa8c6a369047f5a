import type { RoleRepository } from '../../db/role.repository';
import type { Role, StaffActor } from './staff';
import { isPlatformActor } from './staff-scope';

/** Every role (platform and tenants') for platform staff; only their own tenant's for tenant staff. */
export function createListRoles({ roles }: { roles: RoleRepository }) {
  return function listRoles(actor: StaffActor): Promise<Role[]> {
    return roles.list(isPlatformActor(actor) ? {} : { tenantId: actor.tenantId ?? null });
  };
}
