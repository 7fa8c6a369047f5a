import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';
import type { Lead, LeadMessage } from '../domain/records';

export type LeadDocument = Omit<Lead, 'id'> & {
  _id: string;
  /** The phone's digits only, how WhatsApp names a sender (`from`). */
  phoneDigits: string | null;
};

const leadMessageSchema = new Schema<LeadMessage>(
  {
    id: { type: String, required: true },
    direction: { type: String, required: true },
    channel: { type: String, required: true },
    subject: { type: String, default: null },
    body: { type: String, required: true },
    at: { type: Date, required: true },
    authorUserId: { type: String, default: null },
    emailId: { type: String, default: null },
  },
  { _id: false },
);

export const leadSchema = new Schema<LeadDocument>(
  {
    _id: { type: String, required: true },
    tenantId: { type: String, default: null },
    name: { type: String, required: true },
    email: { type: String, default: null },
    phone: { type: String, default: null },
    phoneDigits: { type: String, default: null },
    company: { type: String, default: null },
    message: { type: String, default: null },
    source: { type: String, required: true },
    status: { type: String, required: true },
    messages: { type: [leadMessageSchema], default: [] },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'leads', versionKey: false, minimize: false },
);
// The staff list: one tenant's leads (or the platform's, tenantId null) newest first.
leadSchema.index({ tenantId: 1, _id: -1 });
// An inbound WhatsApp message finds the platform's lead with the sender's number.
leadSchema.index({ tenantId: 1, phoneDigits: 1 });
// Its changes' audit entries wait in the document until relayed (docs/decisions/audit.md); deletes are tombstones.
withAuditOutbox(leadSchema, { tombstones: true });
