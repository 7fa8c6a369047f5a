import { badRequest } from '@travel/errors';
import type { StaffActor } from '../staff/staff';
import { type AuditLog, auditActorOf } from './audit';

export interface ForeignChange {
  action: string;
  target: { type: string; id: string };
  detailsJson: string;
}

const ACTION = /^[a-z][a-z_]{0,40}\.[a-z][a-z_]{0,40}$/;

/**
 * Appends an entry that records no change, at once: the gateway's `tenant.viewed` (a platform member reading one
 * tenant's records; docs/access.md). Changes ride on their own writes (docs/decisions/audit.md). The actor is the
 * gateway's verified staff member.
 */
export function createRecordAuditEntry({ audit }: { audit: AuditLog }) {
  return async function recordAuditEntry(actor: StaffActor, change: ForeignChange): Promise<void> {
    const details = parseDetails(change.detailsJson);
    if (!ACTION.test(change.action) || change.target.type === '' || change.target.id === '' || !details) {
      throw badRequest([
        { path: 'action', message: 'An audit entry needs an action, a target and JSON details.' },
      ]);
    }
    await audit.record({ ...auditActorOf(actor), action: change.action, target: change.target, details });
  };
}

function parseDetails(json: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(json === '' ? '{}' : json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
