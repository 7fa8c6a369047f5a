import { type PageQuery, readPage } from '@travel/paging';
import type { RoleRepository } from '../../db/role.repository';
import { DIRECTORY_PAGE, directoryCursors } from '../directory-pages';
import type { StaffActor } from './staff';
import { isPlatformActor } from './staff-scope';

/** One page of the roles, oldest first: platform and tenants' for platform staff, their own tenant's for tenant staff. */
export function createListRoles({ roles }: { roles: RoleRepository }) {
  return function listRoles(actor: StaffActor, page: PageQuery) {
    const filter = isPlatformActor(actor) ? {} : { tenantId: actor.tenantId ?? null };
    return readPage(
      page,
      directoryCursors.roles,
      (after, count) => roles.list(filter, after, count),
      (role) => ({ at: role.createdAt.getTime(), id: role.id }),
      DIRECTORY_PAGE,
    );
  };
}
