import { type AuditEntry, auditEntry } from '@travel/audit';
import type { InvoiceDesk } from './invoice-callers';

/**
 * The audit entry of a staff change of an invoice (`invoice.created`, `invoice.sent`, `invoice.cancelled`,
 * `invoice.payment_recorded`), stored in the write that makes the change (docs/decisions/audit.md).
 */
export function invoiceAuditEntry(
  desk: InvoiceDesk,
  action: string,
  invoiceId: string,
  details: Record<string, unknown>,
  at: Date,
): AuditEntry {
  return auditEntry(desk.actor, { action, target: { type: 'invoice', id: invoiceId }, details }, at);
}
