import type { AuditLog } from '../audit/audit';
import { auditActorOf } from '../audit/audit';
import type { ChangeKind } from '../identity-changes';
import type { StaffActor } from './staff';

export interface StaffChangeDeps {
  audit: AuditLog;
}

/**
 * After a stored change to a staff user or role: audit it (who, what, which). Details never carry a password. The
 * use case announces it itself (`IdentityChanges`), since gateways cache sessions with their rights.
 */
export function createRecordStaffChange({ audit }: StaffChangeDeps) {
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
  };
}

export type RecordStaffChange = ReturnType<typeof createRecordStaffChange>;
