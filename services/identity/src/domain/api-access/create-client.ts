import { badRequest } from '@travel/errors';
import type { ApiClientRepository } from '../../db/api-client.repository';
import type { TenantRepository } from '../../db/tenant.repository';
import { type AuditLog, auditActorOf } from '../audit/audit';
import type { IdentityChanges } from '../identity-changes';
import { assertPlatformStaff } from '../staff/platform-staff';
import type { StaffActor } from '../staff/staff';
import { clientFieldProblems } from './api-client';
import type { ClientWithKeys } from './list-clients';
import { tenantLinkProblems } from './tenant-link';

export interface CreateClientDeps {
  clients: ApiClientRepository;
  tenants: TenantRepository;
  audit: AuditLog;
  changes: IdentityChanges;
  now: () => Date;
}

export interface CreateClientInput {
  actor: StaffActor;
  name: string;
  tenantId?: string | undefined;
}

/** A new, active API client, linked to an existing tenant or to none. */
export function createCreateClient({ clients, tenants, audit, changes, now }: CreateClientDeps) {
  return async function createClient({ actor, name, tenantId }: CreateClientInput): Promise<ClientWithKeys> {
    assertPlatformStaff(actor);
    const link = tenantId?.trim() || null;
    const problems = [...clientFieldProblems({ name }), ...(await tenantLinkProblems(tenants, link))];
    if (problems.length > 0) throw badRequest(problems);
    const client = await clients.create({
      name: name.trim(),
      tenantId: link,
      status: 'active',
      createdAt: now(),
    });
    await audit.record({
      ...auditActorOf(actor),
      action: 'api_client.created',
      target: { type: 'api_client', id: String(client.id) },
      details: { name: client.name, tenantId: client.tenantId },
    });
    await changes.announceCreated('api_client', String(client.id));
    return { ...client, keys: [] };
  };
}
