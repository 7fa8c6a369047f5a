import type { ApiClientRepository } from '../../db/api-client.repository';

/** Whether a client exists (not deleted), and the tenant it is linked to (null: none). */
export type ClientTenant = { found: false } | { found: true; tenantId: string | null };

/**
 * Which tenant a client belongs to, for another service's check (webhook, before a tenant's staff manage the
 * client's endpoints): read fresh each time, since a client's tenant link can change.
 */
export function createGetClientTenant(deps: { clients: ApiClientRepository }) {
  return async function getClientTenant(clientId: number): Promise<ClientTenant> {
    const client = clientId > 0 ? await deps.clients.findById(clientId) : null;
    return client ? { found: true, tenantId: client.tenantId } : { found: false };
  };
}
