import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';
import type { Subscriber } from '../domain/records';

export type SubscriberDocument = Omit<Subscriber, 'id'> & { _id: string };

export const subscriberSchema = new Schema<SubscriberDocument>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true },
    status: { type: String, required: true },
    source: { type: String, required: true },
    unsubscribeToken: { type: String, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'subscribers', versionKey: false },
);
// One subscriber per address: decides the race of two subscribes of the same address.
subscriberSchema.index({ email: 1 }, { unique: true });
// The unsubscribe link finds its subscriber by token.
subscriberSchema.index({ unsubscribeToken: 1 }, { unique: true });
// A newsletter's fan-out walks the subscribed addresses in id order; the staff list filters by status.
subscriberSchema.index({ status: 1, _id: 1 });
// Its changes' audit entries wait in the document until relayed (docs/decisions/audit.md); deletes are tombstones.
withAuditOutbox(subscriberSchema, { tombstones: true });
