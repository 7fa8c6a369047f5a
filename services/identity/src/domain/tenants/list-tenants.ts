import type { TenantRepository } from '../../db/tenant.repository';
import type { StaffActor } from '../staff/staff';
import type { Tenant } from './tenant';

/** The directory in order of creation; tenant staff get a list holding only their own tenant. */
export function createListTenants({ tenants }: { tenants: TenantRepository }) {
  return function listTenants(input: { actor: StaffActor }): Promise<Tenant[]> {
    const own = input.actor.tenantId;
    return tenants.list(own ? { id: own } : {});
  };
}
