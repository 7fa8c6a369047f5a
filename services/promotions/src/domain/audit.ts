import type { Logger } from '@travel/logger';

/**
 * An administrative change, written as the request's log line with who made it and when (the log line's
 * time), like pricing and billing: `promotion.created|updated|deleted`, `allocation.created|deleted`,
 * `voucher.redeemed|released|expired` (the last three by bookings, not staff).
 */
export function logChange(
  logger: Logger,
  action: string,
  actorUserId: string,
  details: Record<string, unknown>,
): void {
  logger.info({ audit: true, action, actor_user_id: actorUserId, ...details }, action);
}
