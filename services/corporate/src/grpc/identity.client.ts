import { tenants } from '@travel/contracts';
import { callerWire, createPeerClient, type PeerClientOptions } from '@travel/grpc';
import type { TenantDirectory } from '../domain/tenant-scope';

/**
 * Identity as the corporate service uses it: its tenants (a platform administrator files records under one that
 * exists). Changes reach identity's audit log through `audit.entries`, not through this client.
 */
export function createIdentityLink(address: string, options: PeerClientOptions) {
  const tenantClient = createPeerClient(tenants.TenantServiceDefinition, address, options);
  const directory: TenantDirectory = {
    async requireTenant(actor, tenantId) {
      await tenantClient.getTenant(
        { caller: callerWire(actor), id: tenantId },
        { requestId: actor.audit.requestId },
      );
    },
  };
  return { tenants: directory };
}
