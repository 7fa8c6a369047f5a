import type { identityCommon } from '@travel/contracts';
import { AppError } from '@travel/errors';
import type { TenantRepository } from '../db/tenant.repository';
import type { Tenant } from './tenant';

/** Tenant staff see only their own tenant: any other is answered as if it did not exist. */
export function isTenantVisibleTo(actor: identityCommon.Actor | undefined, tenantId: string): boolean {
  return !actor?.tenantId || actor.tenantId === tenantId;
}

export function createGetTenant({ tenants }: { tenants: TenantRepository }) {
  return async function getTenant(input: {
    actor?: identityCommon.Actor | undefined;
    id: string;
  }): Promise<Tenant> {
    const tenant = isTenantVisibleTo(input.actor, input.id) ? await tenants.findById(input.id) : null;
    if (!tenant) throw new AppError('not_found', 'No such tenant.');
    return tenant;
  };
}
