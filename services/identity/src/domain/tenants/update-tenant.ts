import { AppError, badRequest } from '@travel/errors';
import type { TenantChanges, TenantRepository } from '../../db/tenant.repository';
import { auditActorOf, entryOf } from '../audit/audit';
import type { IdentityChanges } from '../identity-changes';
import type { StaffActor } from '../staff/staff';
import { canSeeTenant, isPlatformActor } from '../staff/staff-scope';
import {
  normaliseContactEmail,
  type Tenant,
  type TenantFields,
  type TenantStatus,
  tenantFieldProblems,
} from './tenant';

export interface UpdateTenantDeps {
  tenants: TenantRepository;
  changes: IdentityChanges;
  now: () => Date;
}

export interface UpdateTenantInput extends TenantFields {
  actor: StaffActor;
  id: string;
}

/**
 * Changes a tenant's name, contact email or status. Tenant staff may edit their own tenant's name and
 * contact, but not its status: suspending or reactivating a tenant is the platform's decision. The change is
 * stored with its audit entry.
 */
export function createUpdateTenant({ tenants, changes, now }: UpdateTenantDeps) {
  return async function updateTenant(input: UpdateTenantInput): Promise<Tenant> {
    const { actor, id } = input;
    const current = canSeeTenant(actor, id) ? await tenants.findById(id) : null;
    if (!current) throw new AppError('not_found', 'No such tenant.');
    if (!isPlatformActor(actor) && input.status !== undefined) {
      throw new AppError('forbidden', "Only platform staff may change a tenant's status.");
    }
    const problems = tenantFieldProblems(input);
    if (problems.length > 0) throw badRequest(problems);
    const wanted = changesOf(input);
    if (Object.keys(wanted).length === 0) return current;
    const at = now();
    const entry = entryOf(
      {
        ...auditActorOf(actor),
        action: 'tenant.updated',
        target: { type: 'tenant', id },
        details: { ...wanted },
      },
      at,
    );
    const updated = await changes.announcing('tenant', id, () => tenants.update(id, wanted, at, entry));
    if (!updated) throw new AppError('not_found', 'No such tenant.');
    return updated;
  };
}

function changesOf(input: TenantFields): TenantChanges {
  const changes: TenantChanges = {};
  if (input.name !== undefined) changes.name = input.name.trim();
  if (input.contactEmail !== undefined) changes.contactEmail = normaliseContactEmail(input.contactEmail);
  if (input.status !== undefined) changes.status = input.status as TenantStatus;
  return changes;
}
