import { Schema } from 'mongoose';
import type { EmailRecord } from '../domain/records';

/** One outbound email: the outbox row and its delivery state in one document. */
export type EmailDocument = Omit<EmailRecord, 'id'> & {
  _id: string;
  /** Copied out of `purpose` for the index that counts a newsletter's emails. */
  newsletterId: string | null;
};

export const emailSchema = new Schema<EmailDocument>(
  {
    _id: { type: String, required: true },
    to: { type: String, required: true },
    subject: { type: String, required: true },
    html: { type: String, default: null },
    text: { type: String, required: true },
    headers: { type: Schema.Types.Mixed, default: {} },
    purpose: { type: Schema.Types.Mixed, required: true },
    newsletterId: { type: String, default: null },
    status: { type: String, required: true },
    attempts: { type: Number, required: true },
    lastError: { type: String, default: null },
    dueAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
    sentAt: { type: Date, default: null },
  },
  { collection: 'emails', versionKey: false, minimize: false },
);
// The sender's scan and claim: emails due by now, earliest first (sent and given-up ones have no dueAt).
emailSchema.index({ dueAt: 1 });
// A newsletter's counts by status.
emailSchema.index({ newsletterId: 1, status: 1 });
// Serves the retention sweep: emails queued before the cutoff (db/email-retention.ts).
emailSchema.index({ createdAt: 1 });
