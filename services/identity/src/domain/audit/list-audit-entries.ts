import { AppError } from '@travel/errors';
import type { StaffActor } from '../staff/staff';
import { isPlatformActor } from '../staff/staff-scope';
import type { AuditPage, AuditReader } from './audit';

/** The audit log, newest first: platform staff with the right `audit` only (the gateway checks too). */
export function createListAuditEntries({ auditLog }: { auditLog: AuditReader }) {
  return function listAuditEntries(
    actor: StaffActor,
    page: { limit: number; cursor?: string },
  ): Promise<AuditPage> {
    if (!isPlatformActor(actor) || !actor.rights.includes('audit')) {
      throw new AppError('forbidden', 'The audit log is for platform staff with the right "audit".');
    }
    return auditLog.list(page);
  };
}
