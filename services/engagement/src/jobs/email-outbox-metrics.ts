import { observeOutboxAge } from '@travel/metrics';
import type { EmailRepository } from '../db/email.repository';

/** The email outbox's name in `outbox_oldest_pending_seconds`. */
export const EMAIL_OUTBOX = 'engagement-emails';

/**
 * How late the sender is with the earliest due email, as every outbox reports it. A retry waits from its
 * due time, not its first attempt: the back-off is policy, a late due email means the sender is stuck.
 */
export function observeEmailOutbox(emails: Pick<EmailRepository, 'oldestDueAt'>, now: () => Date): void {
  observeOutboxAge(
    EMAIL_OUTBOX,
    () => emails.oldestDueAt(now()),
    () => now().getTime(),
  );
}
