import { type AuditActor, type AuditEntry, auditEntry } from '@travel/audit';
import type { ParkedEvent } from './parked-events';

/** What an operator did to a parked event, as the audit log names it (docs/decisions/audit.md). */
export type ParkedEventAction = 'parked_event.replayed' | 'parked_event.discarded';

/**
 * The entry an operator's replay or discard of one parked record stores with it: the record, its group and
 * topic and the event it holds, and the outcome (`handled`, `reason`). Never the payload.
 */
export function parkedEventEntry(
  by: AuditActor,
  action: ParkedEventAction,
  event: ParkedEvent,
  outcome: Record<string, unknown>,
  at: Date,
): AuditEntry {
  const { group, topic, eventId, eventType } = event;
  return auditEntry(
    by,
    {
      action,
      target: { type: 'parked_event', id: event.id },
      details: { group, topic, eventId, eventType, ...outcome },
    },
    at,
  );
}

/** The name a resolved record keeps in `resolvedBy`: the staff member's email, else their user id. */
export function resolverOf(by: AuditActor): string {
  return by.email || by.userId || '';
}
