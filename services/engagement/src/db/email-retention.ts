import { deleteInBatches, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import { emailSchema } from './email.schema';

export interface EmailRetention {
  /** Deletes the emails queued before `cutoff` that are done (sent, or failed for good), newsletters' apart. */
  deleteDoneBefore(cutoff: Date): Promise<number>;
}

/** The retention sweep's side of `emails` (docs/retention.md). */
export function createEmailRetention(connection: Connection): EmailRetention {
  const emails = modelOn(connection, 'Email', emailSchema);
  return {
    // Done: no `dueAt` (a pending or retrying email has one). A newsletter's emails stay: its counts read them.
    deleteDoneBefore: (cutoff) =>
      deleteInBatches(emails, { createdAt: { $lt: cutoff }, dueAt: null, newsletterId: null }),
  };
}
