import { apiAccess } from '@travel/contracts';
import { createPeerClient, jobCaller, type PeerClientOptions } from '@travel/grpc';
import type { TenantOfClient } from '../domain/caller';

const clientTenantCheck = jobCaller('webhook.client-tenant');

/**
 * Identity as the partner console's webhook calls use it: which tenant a client belongs to, asked on every such
 * call (a client's tenant link can change; these calls are people's, a few a minute). Identity unreachable: the
 * call fails `unavailable`, never served on the gateway's word alone.
 */
export function createTenantOfClient(address: string, options: PeerClientOptions): TenantOfClient {
  const client = createPeerClient(apiAccess.ApiAccessServiceDefinition, address, options);
  return async (clientId) => {
    const answer = await client.getClientTenant({ caller: clientTenantCheck, clientId });
    return answer.found ? { tenantId: answer.tenantId ?? null } : undefined;
  };
}
