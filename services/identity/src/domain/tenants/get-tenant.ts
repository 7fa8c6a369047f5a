import { AppError } from '@travel/errors';
import type { TenantRepository } from '../../db/tenant.repository';
import type { StaffActor } from '../staff/staff';
import { canSeeTenant } from '../staff/staff-scope';
import type { Tenant } from './tenant';

export function createGetTenant({ tenants }: { tenants: TenantRepository }) {
  return async function getTenant(input: { actor: StaffActor; id: string }): Promise<Tenant> {
    const tenant = canSeeTenant(input.actor, input.id) ? await tenants.findById(input.id) : null;
    if (!tenant) throw new AppError('not_found', 'No such tenant.');
    return tenant;
  };
}
