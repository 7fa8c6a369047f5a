import { audit, tenants } from '@travel/contracts';
import { callerWire, createPeerClient, type PeerClientOptions } from '@travel/grpc';
import type { Logger } from '@travel/logger';
import type { AuditTrail, TenantDirectory } from '../domain/audit-trail';

/**
 * Identity as the corporate service uses it: its audit log (every change, with the gateway's caller, passed on) and its
 * tenants. An audit call that fails after the change was stored is logged in full with `audit: true`, so the
 * log still holds the trail, and the change is answered as done (it is).
 */
export function createIdentityLink(address: string, options: PeerClientOptions, logger: Logger) {
  const auditClient = createPeerClient(audit.AuditServiceDefinition, address, options);
  const tenantClient = createPeerClient(tenants.TenantServiceDefinition, address, options);
  const trail: AuditTrail = {
    async record(actor, change) {
      try {
        await auditClient.recordAuditEntry(
          {
            caller: callerWire(actor),
            action: change.action,
            targetType: change.target.type,
            targetId: change.target.id,
            detailsJson: JSON.stringify(change.details),
          },
          { requestId: actor.audit.requestId },
        );
      } catch (error) {
        logger.error(
          {
            err: error,
            audit: true,
            actor_user_id: actor.userId,
            request_id: actor.audit.requestId,
            ...change,
          },
          'audit entry not recorded in identity',
        );
      }
    },
  };
  const directory: TenantDirectory = {
    async requireTenant(actor, tenantId) {
      await tenantClient.getTenant(
        { caller: callerWire(actor), id: tenantId },
        { requestId: actor.audit.requestId },
      );
    },
  };
  return { audit: trail, tenants: directory };
}
