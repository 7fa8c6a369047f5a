import { badRequest } from '@travel/errors';
import { createCounters, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { AuditEntry, AuditLog, AuditReader } from '../domain/audit/audit';
import { type AuditLogDocument, auditLogSchema } from './audit-log.schema';

export type AuditLogRepository = AuditLog & AuditReader;

const SEQUENCE = 'audit_log';
const MAX_LIMIT = 100;

/** The append-only audit log: every record gets the next `aud_<n>`; pages go newest first. */
export function createAuditLogRepository(
  connection: Connection,
  now: () => Date = () => new Date(),
): AuditLogRepository {
  const model = modelOn(connection, 'AuditLog', auditLogSchema);
  const counters = createCounters(connection);
  return {
    async record(entry) {
      const seq = await counters.next(SEQUENCE);
      await model.create({ _id: `aud_${seq}`, seq, at: now(), ...entry });
    },
    async list({ limit, cursor }) {
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
        throw badRequest([{ path: 'limit', message: `Must be an integer from 1 to ${MAX_LIMIT}.` }]);
      }
      const before = cursor === undefined ? undefined : decodeCursor(cursor);
      const docs = await model
        .find(before === undefined ? {} : { seq: { $lt: before } })
        .sort({ seq: -1 })
        .limit(limit + 1)
        .lean<AuditLogDocument[]>();
      const entries = docs.slice(0, limit).map(toEntry);
      const last = docs[limit - 1];
      return docs.length > limit && last ? { entries, nextCursor: encodeCursor(last.seq) } : { entries };
    },
  };
}

function encodeCursor(seq: number): string {
  return Buffer.from(String(seq)).toString('base64url');
}

/** Only what `encodeCursor` produced is accepted: anything else would page from a guessed place. */
function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString();
  const seq = /^[1-9][0-9]{0,15}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(seq) || encodeCursor(seq) !== cursor) {
    throw badRequest([{ path: 'cursor', message: 'Not a cursor returned by a previous page.' }]);
  }
  return seq;
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
