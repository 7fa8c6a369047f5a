import { modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { EmailRecord, EmailStatus, OutboundEmail } from '../domain/records';
import { type EmailDocument, emailSchema } from './email.schema';

export interface EmailRepository {
  /** Queues emails, due at once; ids already there are left as they are (a newsletter's are derived). */
  enqueue(emails: OutboundEmail[], at: Date): Promise<void>;
  /**
   * Claims the earliest due email: one `findOneAndUpdate` moves its `dueAt` to the lease's end and counts
   * the attempt, so no other sender takes it until then.
   */
  claimDue(now: Date, leaseUntil: Date): Promise<EmailRecord | null>;
  /** Sent is final, whoever holds the lease now. */
  markSent(id: string, at: Date): Promise<void>;
  /** A failed attempt `attempts`; ignored if the email was sent or claimed again meanwhile. */
  markFailed(id: string, attempts: number, error: string, retryAt: Date | null): Promise<void>;
  findByIds(ids: string[]): Promise<EmailRecord[]>;
  countsOf(newsletterId: string): Promise<Record<EmailStatus, number>>;
  /** When the earliest email due by `now` fell due (its sender is late since); null when none is due. */
  oldestDueAt(now: Date): Promise<Date | null>;
}

export function createEmailRepository(connection: Connection): EmailRepository {
  const model = modelOn(connection, 'Email', emailSchema);
  return {
    async enqueue(emails, at) {
      if (emails.length === 0) return;
      const docs = emails.map(({ id, ...email }) => ({
        ...email,
        _id: id,
        newsletterId: email.purpose.kind === 'newsletter' ? email.purpose.newsletterId : null,
        status: 'pending',
        attempts: 0,
        lastError: null,
        dueAt: at,
        createdAt: at,
        sentAt: null,
      }));
      try {
        await model.insertMany(docs, { ordered: false, lean: true });
      } catch (error) {
        // Duplicates of emails queued before (a fan-out step done twice) are expected; anything else is not.
        const writeErrors = (error as { writeErrors?: { code?: number; err?: { code?: number } }[] })
          .writeErrors;
        const onlyDuplicates =
          Array.isArray(writeErrors) &&
          writeErrors.length > 0 &&
          writeErrors.every((e) => (e.code ?? e.err?.code) === 11000);
        if (!onlyDuplicates) throw error;
      }
    },
    async claimDue(now, leaseUntil) {
      const doc = await model
        .findOneAndUpdate(
          { dueAt: { $lte: now } },
          { $set: { dueAt: leaseUntil }, $inc: { attempts: 1 } },
          { sort: { dueAt: 1 }, new: true },
        )
        .lean<EmailDocument>();
      return doc ? toEmail(doc) : null;
    },
    async markSent(id, at) {
      await model.updateOne(
        { _id: id },
        { $set: { status: 'sent', sentAt: at, dueAt: null, lastError: null } },
      );
    },
    async markFailed(id, attempts, error, retryAt) {
      await model.updateOne(
        { _id: id, attempts, status: { $ne: 'sent' } },
        { $set: { status: 'failed', lastError: error.slice(0, 500), dueAt: retryAt } },
      );
    },
    async findByIds(ids) {
      if (ids.length === 0) return [];
      return (await model.find({ _id: { $in: ids } }).lean<EmailDocument[]>()).map(toEmail);
    },
    async countsOf(newsletterId) {
      const counts: Record<EmailStatus, number> = { pending: 0, sent: 0, failed: 0 };
      await Promise.all(
        (Object.keys(counts) as EmailStatus[]).map(async (status) => {
          counts[status] = await model.countDocuments({ newsletterId, status });
        }),
      );
      return counts;
    },
    async oldestDueAt(now) {
      // The sender's own index and order: a claimed email is due again only when its lease ends.
      const oldest = await model
        .findOne({ dueAt: { $lte: now } }, { dueAt: 1 })
        .sort({ dueAt: 1 })
        .lean<{ dueAt: Date }>();
      return oldest?.dueAt ?? null;
    },
  };
}

function toEmail(doc: EmailDocument): EmailRecord {
  const { _id, newsletterId: _newsletterId, ...fields } = doc;
  return { id: _id, ...fields };
}
