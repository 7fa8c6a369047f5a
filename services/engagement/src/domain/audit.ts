import { type AuditEntry, auditActorOf, auditEntry } from '@travel/audit';
import type { Staff } from './records';

/**
 * A console change's audit entry, written in the same write as the change and relayed to identity's audit log
 * (docs/decisions/audit.md): `lead.created` on `lead` `led_…`, by the staff member, from where they called.
 */
export function changeEntry(
  staff: Staff,
  action: string,
  targetId: string,
  details: Record<string, unknown>,
  at: Date,
): AuditEntry {
  const type = action.slice(0, action.indexOf('.'));
  return auditEntry(auditActorOf(staff), { action, target: { type, id: targetId }, details }, at);
}
