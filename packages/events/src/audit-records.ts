import type { AuditEntry } from '@travel/audit';
import { auditRecorded } from '@travel/contracts';
import type { EventEnvelope, OutgoingEvent } from './envelope';
import { PoisonEventError } from './poison';

export const AUDIT_RECORDED_EVENT = 'audit.recorded';

/** An entry as it travels: its id is the envelope's, keyed by its target so one resource's entries keep their order. */
export function encodeAuditRecorded(entry: AuditEntry): OutgoingEvent {
  const payload = auditRecorded.AuditRecorded.encode({
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    detailsJson: JSON.stringify(entry.details ?? {}),
    actorUserId: entry.actor.userId ?? undefined,
    actorEmail: entry.actor.email,
    actorTenantId: entry.actor.tenantId ?? undefined,
    ip: entry.ip,
    requestId: entry.requestId,
  }).finish();
  return {
    id: entry.id,
    type: AUDIT_RECORDED_EVENT,
    occurredAt: entry.at,
    tenantId: entry.actor.tenantId ?? '',
    clientId: '',
    livemode: true,
    payload: Buffer.from(payload),
    key: `${entry.target.type}:${entry.target.id}`,
    ...(entry.traceparent ? { traceparent: entry.traceparent } : {}),
  };
}

/** The entry an `audit.recorded` envelope carries; PoisonEventError when it is not one. */
export function decodeAuditRecorded(event: EventEnvelope): AuditEntry {
  let message: auditRecorded.AuditRecorded;
  let details: unknown;
  try {
    message = auditRecorded.AuditRecorded.decode(event.payload);
    details = JSON.parse(message.detailsJson || '{}');
  } catch (error) {
    throw new PoisonEventError(`undecodable audit.recorded payload: ${(error as Error).message}`);
  }
  if (!message.action || !message.targetType || !event.occurredAt)
    throw new PoisonEventError('audit.recorded lacks an action, a target or a time');
  if (typeof details !== 'object' || details === null || Array.isArray(details))
    throw new PoisonEventError('audit.recorded details are not a JSON object');
  return {
    id: event.id,
    action: message.action,
    target: { type: message.targetType, id: message.targetId },
    details: details as Record<string, unknown>,
    actor: {
      userId: message.actorUserId ?? null,
      email: message.actorEmail,
      tenantId: message.actorTenantId ?? null,
    },
    ip: message.ip,
    requestId: message.requestId,
    at: event.occurredAt,
  };
}
