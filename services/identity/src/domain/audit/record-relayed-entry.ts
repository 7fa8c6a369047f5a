import type { AuditEntry } from '@travel/audit';
import type { AuditLog } from './audit';

/**
 * Adds a change another service (or identity itself) stored with its entry, as the relay published it: once
 * per entry id, however often it is delivered, so the log shows every change in one place.
 */
export function createRecordRelayedEntry({ audit }: { audit: AuditLog }) {
  return async function recordRelayedEntry(entry: AuditEntry): Promise<void> {
    await audit.recordOnce(entry);
  };
}
