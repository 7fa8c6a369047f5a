import type { TenantScope } from '@travel/grpc';

/** Who changes invoices: platform staff (right `tenants`), by user id for the audit line, in their scope. */
export interface InvoiceDesk {
  userId: string;
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
