import type { AuditLog } from '../audit/audit';
import { auditActorOf } from '../audit/audit';
import type { ChangeKind, IdentityChanges } from '../identity-changes';
import type { StaffActor } from './staff';

export interface StaffChangeDeps {
  audit: AuditLog;
  changes: IdentityChanges;
}

/**
 * After a stored change to a staff user or role: audit it (who, what, which) and announce it, because
 * gateways cache sessions with their rights. Details never carry a password.
 */
export function createRecordStaffChange({ audit, changes }: StaffChangeDeps) {
  return async function recordStaffChange(
    actor: StaffActor,
    kind: Extract<ChangeKind, 'staff_user' | 'role'>,
    verb: 'created' | 'updated' | 'deleted',
    id: string,
    details: Record<string, unknown>,
  ): Promise<void> {
    await audit.record({
      ...auditActorOf(actor),
      action: `${kind}.${verb}`,
      target: { type: kind, id },
      details,
    });
    await changes.announce(kind, id);
  };
}

export type RecordStaffChange = ReturnType<typeof createRecordStaffChange>;
