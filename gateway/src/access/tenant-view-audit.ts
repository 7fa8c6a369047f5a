import type { caller as contract } from '@travel/contracts';
import type { CallOptions } from '@travel/grpc';
import type { ServiceClients } from '../clients/service-clients';
import { createOncePerWindow } from './once-per-window';

/** `ten_<n>`: any other value a route takes as `tenantId` (`storefront`, `platform`) names no tenant. */
export const TENANT_ID = /^ten_[0-9]{1,15}$/;

/** The audit action of a platform member's read of one tenant's records. */
export const TENANT_VIEWED = 'tenant.viewed';

/** One read by a platform member of one tenant's records (the audit-tenant-views middleware makes it). */
export interface TenantView {
  /** The platform member's Caller: identity takes the entry's actor, address and request id from it. */
  caller: contract.Caller;
  userId: string;
  tenantId: string;
  /** The route read, `GET /api/admin/bookings`: the entry's details. */
  route: string;
  options: CallOptions;
}

export interface TenantViewAudit {
  /**
   * Records `tenant.viewed` in identity's audit log, unless this member's view of this tenant was recorded in the
   * window; resolves once the entry is in the log. Rejects with identity's `not_found` when there is no such
   * tenant (nothing recorded, nothing remembered), and with the failure when the entry could not be written.
   */
  viewed(view: TenantView): Promise<void>;
}

export interface TenantViewAuditOptions {
  clients: Pick<ServiceClients, 'tenants' | 'audit'>;
  /** TENANT_VIEW_AUDIT_WINDOW_SECONDS, in milliseconds. */
  windowMs: number;
  /** Member and tenant pairs remembered at most; past it the oldest is recorded again at its next view. */
  maxRemembered: number;
  now: () => number;
}

/**
 * Platform staff's views of a tenant, audited once per member, tenant and window (docs/access.md, "Platform
 * staff's views of a tenant"). The entry is written through identity's `RecordAuditEntry` and awaited: a view
 * changes nothing, so there is no change for its entry to ride on (docs/decisions/audit.md).
 */
export function createTenantViewAudit(options: TenantViewAuditOptions): TenantViewAudit {
  const { clients, windowMs, maxRemembered, now } = options;
  const once = createOncePerWindow({ windowMs, maxKeys: maxRemembered, now });
  return {
    viewed: (view) => once.run(`${view.userId}|${view.tenantId}`, () => record(clients, view)),
  };
}

async function record(clients: TenantViewAuditOptions['clients'], view: TenantView): Promise<void> {
  const { caller, tenantId, route, options } = view;
  // An unknown tenant is not remembered: a tenant made later under that id is recorded at its first view.
  await clients.tenants.getTenant({ caller, id: tenantId }, options);
  await clients.audit.recordAuditEntry(
    {
      caller,
      action: TENANT_VIEWED,
      targetType: 'tenant',
      targetId: tenantId,
      detailsJson: JSON.stringify({ route }),
    },
    options,
  );
}
