import { type AuditEntry, type AuditOutbox, auditOf, createAuditOutbox } from '@travel/audit';
import { insertIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { StaffSession } from '../domain/staff/staff';
import { type SessionRevocationDocument, sessionRevocationSchema } from './session-revocation.schema';
import { type StaffSessionDocument, staffSessionSchema } from './staff-session.schema';

export interface StaffSessionRepository {
  /** The sign-in and its audit entry in one insert. */
  create(session: StaffSession, entry: AuditEntry): Promise<void>;
  /** The session and whether it was revoked; null when it never existed. */
  find(id: string): Promise<(StaffSession & { revoked: boolean }) | null>;
  /**
   * True when this call revoked it; false when it already was (revocation is a one-time insert). `entry`, the
   * audit entry of the change that revokes it (a sign-out, a reuse), is stored in that insert.
   */
  revoke(id: string, reason: string, at: Date, entry?: AuditEntry): Promise<boolean>;
  /** Ids of the user's sessions that have not expired (revoked ones included). */
  unexpiredIdsOf(userId: string, now: Date): Promise<string[]>;
}

/**
 * `keepMs`: the longest a session lives (REFRESH_TOKEN_TTL_SECONDS); a revocation is kept that long. `audit`:
 * the service's outbox; a reader that never writes may leave it to a private one.
 */
export function createStaffSessionRepository(
  connection: Connection,
  { keepMs }: { keepMs: number },
  audit: AuditOutbox = createAuditOutbox(),
): StaffSessionRepository {
  const sessions = audit.track(modelOn(connection, 'StaffSession', staffSessionSchema));
  const revocations = audit.track(modelOn(connection, 'SessionRevocation', sessionRevocationSchema));
  return {
    async create({ id, ...session }, entry) {
      await sessions.create({ _id: id, ...session, ...auditOf(entry) });
      audit.written();
    },
    async find(id) {
      const [doc, revocation] = await Promise.all([
        sessions.findById(id).lean<StaffSessionDocument>(),
        revocations.findById(id).lean<SessionRevocationDocument>(),
      ]);
      if (!doc) return null;
      return {
        id: doc._id,
        userId: doc.userId,
        createdAt: doc.createdAt,
        expiresAt: doc.expiresAt,
        ip: doc.ip,
        userAgent: doc.userAgent,
        revoked: revocation !== null,
      };
    },
    async revoke(id, reason, at, entry) {
      const expiresAt = new Date(at.getTime() + keepMs);
      const won = await insertIfAbsent(revocations, {
        _id: id,
        reason,
        at,
        expiresAt,
        ...(entry ? auditOf(entry) : {}),
      });
      if (won && entry) audit.written();
      return won;
    },
    async unexpiredIdsOf(userId, now) {
      const docs = await sessions
        .find({ userId, expiresAt: { $gt: now } }, { _id: 1 })
        .lean<Pick<StaffSessionDocument, '_id'>[]>();
      return docs.map((doc) => doc._id);
    },
  };
}
