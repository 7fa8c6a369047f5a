import { type PageQuery, readPage } from '@travel/paging';
import type { TenantRepository } from '../../db/tenant.repository';
import { DIRECTORY_PAGE, directoryCursors } from '../directory-pages';
import type { StaffActor } from '../staff/staff';

/** The directory in order of creation, one page; tenant staff get a list holding only their own tenant. */
export function createListTenants({ tenants }: { tenants: TenantRepository }) {
  return function listTenants(input: { actor: StaffActor } & PageQuery) {
    const own = input.actor.tenantId;
    return readPage(
      input,
      directoryCursors.tenants,
      (after, count) => tenants.list(own ? { id: own } : {}, after, count),
      (tenant) => ({ at: tenant.createdAt.getTime(), id: tenant.id }),
      DIRECTORY_PAGE,
    );
  };
}
