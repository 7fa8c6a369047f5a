import type { AuditActor } from '@travel/audit';
import type { TenantScope } from '@travel/grpc';

/**
 * Who changes invoices: platform staff (right `tenants`), in their scope; `userId` is stored on what they make,
 * `actor` in the audit entry each change is stored with (docs/decisions/audit.md).
 */
export interface InvoiceDesk {
  userId: string;
  actor: AuditActor;
  scope: TenantScope;
}

/**
 * Who reads invoices: the scope of their tenant (or every tenant for platform staff) and whether drafts stay
 * hidden (tenant staff and partners see an invoice only once it was sent).
 */
export interface InvoiceReader {
  scope: TenantScope;
  sentOnly: boolean;
}
