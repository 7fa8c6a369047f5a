import type { AuditEntry } from './audit-entry';
import { PENDING_AUDIT } from './pending-audit.schema';

/**
 * An update that also pushes the change's audit entry into the document's outbox: the change and its record in
 * one atomic write. Works for `findOneAndUpdate`, `updateOne` and an upsert alike.
 */
export function withAuditEntry<U extends Record<string, unknown>>(update: U, entry: AuditEntry): U {
  const push = (update.$push ?? {}) as Record<string, unknown>;
  return { ...update, $push: { ...push, [PENDING_AUDIT]: entry } };
}

/** The field a new document carries its creation's entry in: `model.create({ ...doc, ...auditOf(entry) })`. */
export function auditOf(entry: AuditEntry): { [PENDING_AUDIT]: AuditEntry[] } {
  return { [PENDING_AUDIT]: [entry] };
}
