import { AppError, badRequest } from '@travel/errors';
import type { Logger } from '@travel/logger';
import type { ClientChanges } from '../../db/api-client.repository';
import type { TenantRepository } from '../../db/tenant.repository';
import { auditActorOf, entryOf } from '../audit/audit';
import { assertPlatformStaff } from '../staff/platform-staff';
import type { StaffActor } from '../staff/staff';
import { type ClientStatus, clientFieldProblems } from './api-client';
import type { KeyChangeDeps } from './key-views';
import type { ClientWithKeys } from './list-clients';
import { shownKeysOf } from './shown-keys';
import { tenantLinkProblems } from './tenant-link';

export interface UpdateClientDeps extends KeyChangeDeps {
  tenants: TenantRepository;
  logger: Logger;
}

export interface UpdateClientInput {
  actor: StaffActor;
  id: number;
  name?: string | undefined;
  /** Present: change the link; an absent `tenantId` inside unlinks the client. */
  tenant?: { tenantId?: string | undefined } | undefined;
  status?: string | undefined;
}

/** Renames a client, links or unlinks it, suspends or reactivates it, with its audit entry; gateways hear of it at once. */
export function createUpdateClient(deps: UpdateClientDeps) {
  const { clients, tenants, changes, now } = deps;
  return async function updateClient(input: UpdateClientInput): Promise<ClientWithKeys> {
    assertPlatformStaff(input.actor);
    const wanted = changesOf(input);
    const link = wanted.tenantId === undefined ? [] : await tenantLinkProblems(tenants, wanted.tenantId);
    const problems = [...clientFieldProblems(input), ...link];
    if (problems.length > 0) throw badRequest(problems);
    const client = await clients.findById(input.id);
    if (!client) throw new AppError('not_found', 'No such API client.');
    const entry = () =>
      entryOf(
        {
          ...auditActorOf(input.actor),
          action: 'api_client.updated',
          target: { type: 'api_client', id: String(input.id) },
          details: { ...wanted },
        },
        now(),
      );
    const updated =
      Object.keys(wanted).length === 0
        ? client
        : await changes.announcing('api_client', String(input.id), () =>
            clients.update(input.id, wanted, entry()),
          );
    if (!updated) throw new AppError('not_found', 'No such API client.');
    return { ...updated, keys: (await shownKeysOf([input.id], deps)).get(input.id) ?? [] };
  };
}

function changesOf(input: UpdateClientInput): ClientChanges {
  const changes: ClientChanges = {};
  if (input.name !== undefined) changes.name = input.name.trim();
  if (input.tenant !== undefined) changes.tenantId = input.tenant.tenantId?.trim() || null;
  if (input.status !== undefined) changes.status = input.status as ClientStatus;
  return changes;
}
