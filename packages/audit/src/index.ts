export {
  type AuditActor,
  type AuditChange,
  type AuditEntry,
  auditActorOf,
  auditEntry,
  newAuditEntryId,
  type ResolvedCaller,
  requestedChanges,
  systemActor,
} from './audit-entry';
export {
  type AuditOutbox,
  type AuditOutboxSettings,
  createAuditOutbox,
  type PendingAuditEntries,
} from './audit-outbox';
export { auditOf, withAuditEntry } from './audited-writes';
export {
  AUDIT_TOMBSTONE,
  type AuditOutboxOptions,
  PENDING_AUDIT,
  uniqueKeyPaths,
  withAuditOutbox,
} from './pending-audit.schema';
