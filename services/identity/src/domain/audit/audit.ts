import { auditEntry, type AuditEntry as RelayedEntry } from '@travel/audit';
import type { StaffActor } from '../staff/staff';

/** One line of the audit log: who did what to which resource, from where. Never a secret or password. */
export interface AuditRecord {
  actor: { userId: string | null; email: string; tenantId: string | null };
  /** Dotted verb: `auth.login`, `auth.login_failed`, `api_key.revoked`, `tenant.created`, ... */
  action: string;
  target: { type: string; id: string };
  details: Record<string, unknown>;
  ip: string;
  requestId: string;
}

/** Appends to the audit log (implemented by `db/audit-log.repository.ts`). */
export interface AuditLog {
  /** A record of something that changed nothing (a failed sign-in, a platform member's view of a tenant). */
  record(entry: AuditRecord): Promise<void>;
  /** An entry relayed from a changed document's outbox: recorded once per entry id, however often delivered. */
  recordOnce(entry: RelayedEntry): Promise<void>;
}

/** The audit fields of the staff member behind a gRPC request. */
export function auditActorOf(actor: StaffActor): Pick<AuditRecord, 'actor' | 'ip' | 'requestId'> {
  return {
    actor: { userId: actor.userId, email: actor.email, tenantId: actor.tenantId ?? null },
    ip: actor.ip,
    requestId: actor.requestId,
  };
}

/**
 * The entry of one of identity's own changes, to be written in the same write as the change (like every other
 * service's, docs/decisions/audit.md); identity's consumer then records it in the log.
 */
export function entryOf(record: AuditRecord, at: Date): RelayedEntry {
  const { actor, ip, requestId, action, target, details } = record;
  return auditEntry({ ...actor, ip, requestId }, { action, target, details }, at);
}

/** A stored audit line: `aud_<n>`, n monotonic. */
export interface AuditEntry extends AuditRecord {
  id: string;
  at: Date;
}

export interface AuditPage {
  /** Newest first. */
  entries: AuditEntry[];
  /** Opaque; absent when there is nothing older. */
  nextCursor?: string;
}

/** Reads the audit log (implemented by `db/audit-log.repository.ts`). */
export interface AuditReader {
  /** `limit` 1 to 100; a cursor not produced by this reader is `bad_request` (`cursor`). */
  list(page: { limit: number; cursor?: string }): Promise<AuditPage>;
}
