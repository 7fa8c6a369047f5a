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
 * Appends a console change another service stored for a staff member, so `GET /api/admin/audit` shows every
 * mutation in one place. The actor is the gateway's verified staff member, passed on by that service.
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
