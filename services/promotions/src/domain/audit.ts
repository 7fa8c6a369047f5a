import { type AuditActor, type AuditEntry, auditEntry } from '@travel/audit';
import type { Logger } from '@travel/logger';

/**
 * A staff change of a promotion, as its audit entry stored with the change (docs/decisions/audit.md):
 * `voucher.created|updated|deleted|allocated|allocation_removed` on `voucher` `vch_3` (likewise discounts, offers).
 */
export function promotionEntry(
  by: AuditActor,
  kind: string,
  verb: string,
  promotionId: string,
  details: object,
  at: Date,
): AuditEntry {
  const change = {
    action: `${kind}.${verb}`,
    target: { type: kind, id: promotionId },
    details: { ...details },
  };
  return auditEntry(by, change, at);
}

/**
 * What bookings do to vouchers, written as the request's log line (`voucher.redeemed|released|expired`): a
 * booking's own record (and its events) is their trail, not the staff audit log.
 */
export function logChange(
  logger: Logger,
  action: string,
  actorUserId: string,
  details: Record<string, unknown>,
): void {
  logger.info({ audit: true, action, actor_user_id: actorUserId, ...details }, action);
}
