import { AppError } from '@travel/errors';
import { insertIfAbsent, isDuplicateKeyError, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { PageRequest } from '../domain/page';
import type { Subscriber, SubscriberStatus } from '../domain/records';
import { findPage } from './list-page';
import { type SubscriberDocument, subscriberSchema } from './subscriber.schema';

export interface SubscriberRepository {
  /** False when the address is already on the list. */
  insert(subscriber: Subscriber): Promise<boolean>;
  findById(id: string): Promise<Subscriber | null>;
  findByEmail(email: string): Promise<Subscriber | null>;
  findByToken(token: string): Promise<Subscriber | null>;
  /** The changed subscriber, null when there is none; an address another subscriber has is `conflict`. */
  update(
    id: string,
    changes: { email?: string; status?: SubscriberStatus },
    at: Date,
  ): Promise<Subscriber | null>;
  delete(id: string): Promise<boolean>;
  list(status: SubscriberStatus | undefined, page: PageRequest): Promise<Subscriber[]>;
  /** Subscribed addresses after `afterId` in id order (a newsletter's fan-out). */
  subscribedAfter(afterId: string | null, limit: number): Promise<Subscriber[]>;
}

export function createSubscriberRepository(connection: Connection): SubscriberRepository {
  const model = modelOn(connection, 'Subscriber', subscriberSchema);
  const one = (doc: SubscriberDocument | null) => (doc ? toSubscriber(doc) : null);
  return {
    insert: ({ id, ...fields }) => insertIfAbsent(model, { ...fields, _id: id }),
    findById: async (id) => one(await model.findById(id).lean<SubscriberDocument>()),
    findByEmail: async (email) => one(await model.findOne({ email }).lean<SubscriberDocument>()),
    findByToken: async (token) =>
      one(await model.findOne({ unsubscribeToken: token }).lean<SubscriberDocument>()),
    async update(id, changes, at) {
      try {
        const doc = await model
          .findOneAndUpdate({ _id: id }, { $set: { ...changes, updatedAt: at } }, { new: true })
          .lean<SubscriberDocument>();
        return one(doc);
      } catch (error) {
        if (isDuplicateKeyError(error))
          throw new AppError('conflict', 'Another subscriber already has this email.');
        throw error;
      }
    },
    delete: async (id) => (await model.deleteOne({ _id: id })).deletedCount === 1,
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
