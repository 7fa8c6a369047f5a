import type { Logger } from '@travel/logger';
import { type Staff, tenantOf } from './records';

/**
 * A console change, written to the request's log line with who made it (as pricing and billing do; the
 * gateway's request id ties it to the HTTP call). Engagement keeps no audit store of its own.
 */
export function logChange(logger: Logger, action: string, staff: Staff, fields: Record<string, unknown>) {
  logger.info(
    { audit: true, action, actor_user_id: staff.userId, actor_tenant_id: tenantOf(staff), ...fields },
    action,
  );
}
