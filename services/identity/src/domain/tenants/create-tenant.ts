import { badRequest } from '@travel/errors';
import type { TenantRepository } from '../../db/tenant.repository';
import { auditActorOf, entryOf } from '../audit/audit';
import type { IdentityChanges } from '../identity-changes';
import { assertPlatformStaff } from '../staff/platform-staff';
import type { StaffActor } from '../staff/staff';
import { normaliseContactEmail, type Tenant, tenantFieldProblems } from './tenant';

export interface CreateTenantDeps {
  tenants: TenantRepository;
  changes: IdentityChanges;
  now: () => Date;
}

export interface CreateTenantInput {
  actor: StaffActor;
  name: string;
  contactEmail?: string | undefined;
}

/** Adds a tenant to the directory (platform staff only), with its audit entry; new tenants are active. */
export function createCreateTenant({ tenants, changes, now }: CreateTenantDeps) {
  return async function createTenant({ actor, name, contactEmail }: CreateTenantInput): Promise<Tenant> {
    assertPlatformStaff(actor);
    const problems = tenantFieldProblems({ name, contactEmail });
    if (problems.length > 0) throw badRequest(problems);
    const at = now();
    const fields = {
      name: name.trim(),
      status: 'active' as const,
      contactEmail: normaliseContactEmail(contactEmail),
      createdAt: at,
      updatedAt: at,
    };
    const tenant = await tenants.create(fields, (made) =>
      entryOf(
        {
          ...auditActorOf(actor),
          action: 'tenant.created',
          target: { type: 'tenant', id: made.id },
          details: { name: made.name, contactEmail: made.contactEmail },
        },
        at,
      ),
    );
    await changes.announceCreated('tenant', tenant.id);
    return tenant;
  };
}
