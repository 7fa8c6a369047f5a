import { type AuditEntry, auditActorOf, auditEntry } from '@travel/audit';
import type { Actor } from './tenant-scope';

/** One stored change, as the audit log shows it: `employee.created` on `employee` `emp_12`. */
export interface AuditedChange {
  action: string;
  target: { type: string; id: string };
  details: Record<string, unknown>;
}

/**
 * The audit entry of a change, written in the same write as the change (docs/decisions/audit.md) and relayed to
 * identity's audit log, as the staff member made it, from where they called.
 */
export function entryOf(actor: Actor, change: AuditedChange, at: Date): AuditEntry {
  return auditEntry(auditActorOf(actor), change, at);
}
