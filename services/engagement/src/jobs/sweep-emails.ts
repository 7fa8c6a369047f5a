import type { Logger } from '@travel/logger';
import type { EmailRetention } from '../db/email-retention';

export interface SweepEmailsDeps {
  retention: EmailRetention;
  /** How long an email is kept after it was queued (EMAIL_RETENTION_DAYS). */
  keepMs: number;
  now: () => Date;
  logger: Logger;
}

/** One pass of the emails' retention sweep: done emails (sent or given up) older than the retention go. */
export function createSweepEmails(deps: SweepEmailsDeps): () => Promise<void> {
  return async () => {
    const cutoff = new Date(deps.now().getTime() - deps.keepMs);
    const deleted = await deps.retention.deleteDoneBefore(cutoff);
    if (deleted > 0) deps.logger.info({ deleted, cutoff }, 'emails past their retention deleted');
  };
}
