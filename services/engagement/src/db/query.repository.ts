import { modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { PageRequest } from '../domain/page';
import type { QueryMessage, SupportQuery } from '../domain/records';
import { findPage } from './list-page';
import { type QueryDocument, querySchema } from './query.schema';

export interface QueryRepository {
  insert(query: SupportQuery): Promise<void>;
  findById(id: string): Promise<SupportQuery | null>;
  /** Every tenant's when `tenantId` is undefined. */
  list(tenantId: string | undefined, page: PageRequest): Promise<SupportQuery[]>;
  /** Appends an answer and marks the query `answered`; null when there is no such query. */
  addAnswer(id: string, message: QueryMessage): Promise<SupportQuery | null>;
}

export function createQueryRepository(connection: Connection): QueryRepository {
  const model = modelOn(connection, 'SupportQuery', querySchema);
  const one = (doc: QueryDocument | null) => (doc ? toQuery(doc) : null);
  return {
    async insert({ id, ...fields }) {
      await model.create({ ...fields, _id: id });
    },
    findById: async (id) => one(await model.findById(id).lean<QueryDocument>()),
    list: async (tenantId, page) =>
      (await findPage(model, tenantId === undefined ? {} : { tenantId }, page)).map(toQuery),
    addAnswer: async (id, message) =>
      one(
        await model
          .findOneAndUpdate(
            { _id: id },
            { $push: { thread: message }, $set: { status: 'answered', updatedAt: message.at } },
            { new: true },
          )
          .lean<QueryDocument>(),
      ),
  };
}

function toQuery(doc: QueryDocument): SupportQuery {
  const { _id, ...fields } = doc;
  return { id: _id, ...fields, thread: fields.thread ?? [] };
}
