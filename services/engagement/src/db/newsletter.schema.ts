import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';
import type { Newsletter } from '../domain/records';

export type NewsletterDocument = Omit<Newsletter, 'id'> & {
  _id: string;
  /** The fan-out step in progress is this replica's until then. */
  fanoutLeaseUntil: Date | null;
};

export const newsletterSchema = new Schema<NewsletterDocument>(
  {
    _id: { type: String, required: true },
    subject: { type: String, required: true },
    html: { type: String, required: true },
    text: { type: String, default: null },
    status: { type: String, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    sendRequestedAt: { type: Date, default: null },
    sentAt: { type: Date, default: null },
    fanoutAfter: { type: String, default: null },
    fanoutLeaseUntil: { type: Date, default: null },
  },
  { collection: 'newsletters', versionKey: false, minimize: false },
);
// The fan-out job finds newsletters being sent whose lease has run out.
newsletterSchema.index({ status: 1, fanoutLeaseUntil: 1 });
// Its changes' audit entries wait in the document until relayed (docs/decisions/audit.md); deletes are tombstones.
withAuditOutbox(newsletterSchema, { tombstones: true });
