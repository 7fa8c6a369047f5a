import type { AuditEntry } from '@travel/audit';
import { auditActorOf, entryOf } from '../audit/audit';
import type { ChangeKind } from '../identity-changes';
import type { StaffActor } from './staff';

/**
 * The audit entry of a change to a staff user or role (who, what, which), stored by the repository in the same
 * write as the change. Details never carry a password. The use case announces the change itself
 * (`IdentityChanges`), since gateways cache sessions with their rights.
 */
export function staffChangeEntry(
  actor: StaffActor,
  kind: Extract<ChangeKind, 'staff_user' | 'role'>,
  verb: 'created' | 'updated' | 'deleted',
  id: string,
  details: Record<string, unknown>,
  at: Date = new Date(),
): AuditEntry {
  return entryOf(
    { ...auditActorOf(actor), action: `${kind}.${verb}`, target: { type: kind, id }, details },
    at,
  );
}
