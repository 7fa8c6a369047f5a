import type { Actor } from './tenant-scope';

/** One stored change, as the audit log shows it: `employee.created` on `employee` `emp_12`. */
export interface AuditedChange {
  action: string;
  target: { type: string; id: string };
  details: Record<string, unknown>;
}

/** Where changes are audited (identity's audit log; `db`-free, implemented in `grpc/identity.client.ts`). */
export interface AuditTrail {
  /** Never throws: the change is stored already, so a lost audit call is logged, not answered as a failure. */
  record(actor: Actor, change: AuditedChange): Promise<void>;
}

/** Tenants live in identity; a platform administrator may only file records under one that exists. */
export interface TenantDirectory {
  /** `not_found` when there is no such tenant. */
  requireTenant(actor: Actor, tenantId: string): Promise<void>;
}
