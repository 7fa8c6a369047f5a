import { badRequest } from '@travel/errors';
import type { TenantRepository } from '../../db/tenant.repository';
import { type AuditLog, auditActorOf } from '../audit/audit';
import type { IdentityChanges } from '../identity-changes';
import { assertPlatformStaff } from '../staff/platform-staff';
import type { StaffActor } from '../staff/staff';
import { normaliseContactEmail, type Tenant, tenantFieldProblems } from './tenant';

export interface CreateTenantDeps {
  tenants: TenantRepository;
  audit: AuditLog;
  changes: IdentityChanges;
  now: () => Date;
}

export interface CreateTenantInput {
  actor: StaffActor;
  name: string;
  contactEmail?: string | undefined;
}

/** Adds a tenant to the directory (platform staff only); new tenants are active. */
export function createCreateTenant({ tenants, audit, changes, now }: CreateTenantDeps) {
  return async function createTenant({ actor, name, contactEmail }: CreateTenantInput): Promise<Tenant> {
    assertPlatformStaff(actor);
    const problems = tenantFieldProblems({ name, contactEmail });
    if (problems.length > 0) throw badRequest(problems);
    const at = now();
    const tenant = await tenants.create({
      name: name.trim(),
      status: 'active',
      contactEmail: normaliseContactEmail(contactEmail),
      createdAt: at,
      updatedAt: at,
    });
    await audit.record({
      ...auditActorOf(actor),
      action: 'tenant.created',
      target: { type: 'tenant', id: tenant.id },
      details: { name: tenant.name, contactEmail: tenant.contactEmail },
    });
    await changes.announceCreated('tenant', tenant.id);
    return tenant;
  };
}
