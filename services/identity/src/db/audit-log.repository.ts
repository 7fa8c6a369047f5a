import { createCounters, insertIfAbsent, modelOn } from '@travel/mongo';
import { numberCursor, pageOfRows, readPageQuery } from '@travel/paging';
import type { Connection } from 'mongoose';
import type { AuditEntry, AuditLog, AuditReader } from '../domain/audit/audit';
import { type AuditLogDocument, auditLogSchema } from './audit-log.schema';

export type AuditLogRepository = AuditLog & AuditReader;

const SEQUENCE = 'audit_log';
// The cursor is the base64url of the last entry's `seq` alone (no prefix: the form of cursors already handed out).
const auditCursors = numberCursor('');

export interface AuditLogOptions {
  /** How long an entry is kept (AUDIT_LOG_RETENTION_DAYS). */
  retentionMs: number;
  now?: () => Date;
}

/** The append-only audit log: every record gets the next `aud_<n>`; pages go newest first. */
export function createAuditLogRepository(
  connection: Connection,
  options: AuditLogOptions,
): AuditLogRepository {
  const now = options.now ?? (() => new Date());
  const model = modelOn(connection, 'AuditLog', auditLogSchema);
  const counters = createCounters(connection);
  return {
    async record(entry) {
      const seq = await counters.next(SEQUENCE);
      const at = now();
      const expiresAt = new Date(at.getTime() + options.retentionMs);
      await model.create({ _id: `aud_${seq}`, seq, at, expiresAt, ...entry });
    },
    async recordOnce({ id, traceparent: _, at: changedAt, ...entry }) {
      // The `_id` derives from the entry id, so a redelivered entry inserts nothing (its claimed seq stays unused).
      // `at` is when the log recorded it, so the list stays newest first by time as by `seq`; the change's own
      // time is kept beside it (a relay held up by a Kafka outage delivers late).
      const seq = await counters.next(SEQUENCE);
      const at = now();
      const expiresAt = new Date(at.getTime() + options.retentionMs);
      await insertIfAbsent(model, {
        _id: `aud_${id.replace(/^evt_/, '')}`,
        seq,
        at,
        changedAt,
        expiresAt,
        ...entry,
      });
    },
    async list(request) {
      const { limit, after: before } = readPageQuery(request, auditCursors);
      const docs = await model
        .find(before === undefined ? {} : { seq: { $lt: before } })
        .sort({ seq: -1 })
        .limit(limit + 1)
        .lean<AuditLogDocument[]>();
      const { items, nextCursor } = pageOfRows(docs, limit, (last) => auditCursors.encode(last.seq));
      const entries = items.map(toEntry);
      return nextCursor ? { entries, nextCursor } : { entries };
    },
  };
}

function toEntry(doc: AuditLogDocument): AuditEntry {
  return {
    id: doc._id,
    at: doc.at,
    actor: { userId: doc.actor.userId ?? null, email: doc.actor.email, tenantId: doc.actor.tenantId ?? null },
    action: doc.action,
    target: { type: doc.target.type, id: doc.target.id },
    details: doc.details ?? {},
    ip: doc.ip,
    requestId: doc.requestId,
  };
}
