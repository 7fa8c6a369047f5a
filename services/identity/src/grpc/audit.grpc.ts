import type { audit } from '@travel/contracts';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import type { AuditEntry } from '../domain/audit/audit';
import type { createListAuditEntries } from '../domain/audit/list-audit-entries';
import type { createRecordAuditEntry } from '../domain/audit/record-audit-entry';
import { requireStaff } from './staff-actor';

export interface AuditUseCases {
  listAuditEntries: ReturnType<typeof createListAuditEntries>;
  recordAuditEntry: ReturnType<typeof createRecordAuditEntry>;
}

/** Thin handlers: decode, call one use case, encode. */
export function createAuditGrpc(
  useCases: AuditUseCases,
): ServiceImplementation<typeof audit.AuditServiceDefinition, RequestContext> {
  return {
    async listAuditEntries({ caller, limit, cursor }) {
      const page = await useCases.listAuditEntries(requireStaff(caller), {
        limit,
        ...(cursor === undefined ? {} : { cursor }),
      });
      return { entries: page.entries.map(encodeEntry), nextCursor: page.nextCursor };
    },
    async recordAuditEntry({ caller, action, targetType, targetId, detailsJson }) {
      await useCases.recordAuditEntry(requireStaff(caller), {
        action,
        target: { type: targetType, id: targetId },
        detailsJson,
      });
      return {};
    },
  };
}

function encodeEntry(entry: AuditEntry): audit.AuditEntry {
  return {
    id: entry.id,
    at: entry.at,
    actorUserId: entry.actor.userId ?? undefined,
    actorEmail: entry.actor.email,
    actorTenantId: entry.actor.tenantId ?? undefined,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    detailsJson: JSON.stringify(entry.details),
    ip: entry.ip,
    requestId: entry.requestId,
  };
}
