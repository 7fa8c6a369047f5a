import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';
import type { QueryMessage, SupportQuery } from '../domain/records';

export type QueryDocument = Omit<SupportQuery, 'id'> & { _id: string };

const queryMessageSchema = new Schema<QueryMessage>(
  {
    from: { type: String, required: true },
    authorUserId: { type: String, required: true },
    body: { type: String, required: true },
    at: { type: Date, required: true },
    emailId: { type: String, default: null },
  },
  { _id: false },
);

export const querySchema = new Schema<QueryDocument>(
  {
    _id: { type: String, required: true },
    tenantId: { type: String, required: true },
    askedByUserId: { type: String, required: true },
    askedByEmail: { type: String, required: true },
    subject: { type: String, required: true },
    status: { type: String, required: true },
    thread: { type: [queryMessageSchema], default: [] },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'queries', versionKey: false, minimize: false },
);
// A tenant's queries newest first (the platform lists all by _id alone).
querySchema.index({ tenantId: 1, _id: -1 });
// Its changes' audit entries wait in the document until relayed (docs/decisions/audit.md).
withAuditOutbox(querySchema);
