import { badRequest } from '@travel/errors';
import type { ApiClientRepository } from '../../db/api-client.repository';
import type { TenantRepository } from '../../db/tenant.repository';
import { auditActorOf, entryOf } from '../audit/audit';
import type { IdentityChanges } from '../identity-changes';
import { assertPlatformStaff } from '../staff/platform-staff';
import type { StaffActor } from '../staff/staff';
import { clientFieldProblems } from './api-client';
import type { ClientWithKeys } from './list-clients';
import { tenantLinkProblems } from './tenant-link';

export interface CreateClientDeps {
  clients: ApiClientRepository;
  tenants: TenantRepository;
  changes: IdentityChanges;
  now: () => Date;
}

export interface CreateClientInput {
  actor: StaffActor;
  name: string;
  tenantId?: string | undefined;
}

/** A new, active API client, linked to an existing tenant or to none; stored with its audit entry. */
export function createCreateClient({ clients, tenants, changes, now }: CreateClientDeps) {
  return async function createClient({ actor, name, tenantId }: CreateClientInput): Promise<ClientWithKeys> {
    assertPlatformStaff(actor);
    const link = tenantId?.trim() || null;
    const problems = [...clientFieldProblems({ name }), ...(await tenantLinkProblems(tenants, link))];
    if (problems.length > 0) throw badRequest(problems);
    const at = now();
    const fields = { name: name.trim(), tenantId: link, status: 'active' as const, createdAt: at };
    const client = await clients.create(fields, (made) =>
      entryOf(
        {
          ...auditActorOf(actor),
          action: 'api_client.created',
          target: { type: 'api_client', id: String(made.id) },
          details: { name: made.name, tenantId: made.tenantId },
        },
        at,
      ),
    );
    await changes.announceCreated('api_client', String(client.id));
    return { ...client, keys: [] };
  };
}
