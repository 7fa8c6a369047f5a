import { type AuditEntry, type AuditOutbox, auditOf, withAuditEntry } from '@travel/audit';
import { AppError } from '@travel/errors';
import { insertIfAbsent, isDuplicateKeyError, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { PageRequest } from '../domain/page';
import type { Subscriber, SubscriberStatus } from '../domain/records';
import { findPage } from './list-page';
import { type SubscriberDocument, subscriberSchema } from './subscriber.schema';

export interface SubscriberRepository {
  /** False when the address is already on the list. A staff member's change carries its audit entry. */
  insert(subscriber: Subscriber, entry?: AuditEntry): Promise<boolean>;
  findById(id: string): Promise<Subscriber | null>;
  findByEmail(email: string): Promise<Subscriber | null>;
  findByToken(token: string): Promise<Subscriber | null>;
  /** The changed subscriber, null when there is none; an address another subscriber has is `conflict`. */
  update(
    id: string,
    changes: { email?: string; status?: SubscriberStatus },
    at: Date,
    entry?: AuditEntry,
  ): Promise<Subscriber | null>;
  /** A tombstone until its entry is relayed (the address is free once the delete is answered). */
  delete(id: string, entry: AuditEntry): Promise<boolean>;
  list(status: SubscriberStatus | undefined, page: PageRequest): Promise<Subscriber[]>;
  /** Subscribed addresses after `afterId` in id order (a newsletter's fan-out). */
  subscribedAfter(afterId: string | null, limit: number): Promise<Subscriber[]>;
}

export function createSubscriberRepository(connection: Connection, audit: AuditOutbox): SubscriberRepository {
  const model = audit.track(modelOn(connection, 'Subscriber', subscriberSchema));
  const one = (doc: SubscriberDocument | null) => (doc ? toSubscriber(doc) : null);
  return {
    async insert({ id, ...fields }, entry) {
      const inserted = await insertIfAbsent(model, { ...fields, _id: id, ...(entry ? auditOf(entry) : {}) });
      if (inserted && entry) audit.written();
      return inserted;
    },
    findById: async (id) => one(await model.findById(id).lean<SubscriberDocument>()),
    findByEmail: async (email) => one(await model.findOne({ email }).lean<SubscriberDocument>()),
    findByToken: async (token) =>
      one(await model.findOne({ unsubscribeToken: token }).lean<SubscriberDocument>()),
    async update(id, changes, at, entry) {
      const change = { $set: { ...changes, updatedAt: at } };
      try {
        const doc = await model
          .findOneAndUpdate({ _id: id }, entry ? withAuditEntry(change, entry) : change, { new: true })
          .lean<SubscriberDocument>();
        if (doc && entry) audit.written();
        return one(doc);
      } catch (error) {
        if (isDuplicateKeyError(error))
          throw new AppError('conflict', 'Another subscriber already has this email.');
        throw error;
      }
    },
    delete: async (id, entry) => (await audit.tombstone(model, { _id: id }, entry)) !== null,
    list: async (status, page) => (await findPage(model, status ? { status } : {}, page)).map(toSubscriber),
    async subscribedAfter(afterId, limit) {
      const filter =
        afterId === null ? { status: 'subscribed' } : { status: 'subscribed', _id: { $gt: afterId } };
      const docs = await model.find(filter).sort({ _id: 1 }).limit(limit).lean<SubscriberDocument[]>();
      return docs.map(toSubscriber);
    },
  };
}

function toSubscriber(doc: SubscriberDocument): Subscriber {
  const { _id, ...fields } = doc;
  return { id: _id, ...fields };
}
