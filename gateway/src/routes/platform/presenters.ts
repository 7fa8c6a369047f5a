import type { audit } from '@travel/contracts';
import { iso } from '../common/iso';

// Proto messages → the internal API's JSON shapes (internal.yaml). Absent optionals become null.

export function presentAuditEntry(entry: audit.AuditEntry) {
  return {
    id: entry.id,
    at: iso(entry.at),
    actor: {
      userId: entry.actorUserId ?? null,
      email: entry.actorEmail,
      tenantId: entry.actorTenantId ?? null,
    },
    action: entry.action,
    target: { type: entry.targetType, id: entry.targetId },
    details: entry.detailsJson ? (JSON.parse(entry.detailsJson) as unknown) : {},
    ip: entry.ip,
    requestId: entry.requestId,
  };
}
