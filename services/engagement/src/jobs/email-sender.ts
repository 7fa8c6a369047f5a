import type { Logger } from '@travel/logger';
import type { Mailer } from '../adapters/mailer';
import type { EmailRepository } from '../db/email.repository';

export interface EmailSenderDeps {
  emails: EmailRepository;
  mailer: Pick<Mailer, 'send'>;
  now: () => Date;
  leaseMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  concurrency: number;
  /** True once the service is shutting down: no new email is claimed, those in flight finish. */
  stopping: () => boolean;
  logger: Logger;
}

/**
 * One pass of the outbox: `concurrency` workers each claim the earliest due email (a lease, so two
 * replicas never hold the same one), send it, and record the outcome. A failure is kept on the email
 * (`failed`, the reason) and retried after a pause that doubles each time, until `maxAttempts`. The pass
 * claims one email before it starts the others, so an idle pass costs one claim, and it answers whether it
 * found any (its job backs off while none is due).
 */
export function createEmailSender(deps: EmailSenderDeps) {
  const claim = () => {
    const now = deps.now();
    return deps.emails.claimDue(now, new Date(now.getTime() + deps.leaseMs));
  };
  const send = async (email: NonNullable<Awaited<ReturnType<typeof claim>>>) => {
    try {
      await deps.mailer.send(email);
      await deps.emails.markSent(email.id, deps.now());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const last = email.attempts >= deps.maxAttempts;
      const retryAt = last
        ? null
        : new Date(deps.now().getTime() + deps.retryBaseMs * 2 ** (email.attempts - 1));
      await deps.emails.markFailed(email.id, email.attempts, reason, retryAt);
      deps.logger.warn(
        { email_id: email.id, attempt: email.attempts, err: reason, gave_up: last },
        'email not sent',
      );
    }
  };
  const worker = async () => {
    while (!deps.stopping()) {
      const email = await claim();
      if (!email) return;
      await send(email);
    }
  };
  return async function sendDue(): Promise<boolean> {
    if (deps.stopping()) return false;
    const first = await claim();
    if (!first) return false;
    await Promise.all([send(first).then(worker), ...Array.from({ length: deps.concurrency - 1 }, worker)]);
    return true;
  };
}
