import type { TenantScope } from '@travel/grpc';
import { modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { PageRequest } from '../domain/page';
import type { QueryMessage, SupportQuery } from '../domain/records';
import { findPage } from './list-page';
import { type QueryDocument, querySchema } from './query.schema';

/** Reads and writes carry the caller's scope in their filter (docs/access.md, "Callers"). */
export interface QueryRepository {
  insert(query: SupportQuery): Promise<void>;
  findById(scope: TenantScope, id: string): Promise<SupportQuery | null>;
  /** Every tenant's for the platform (`{}`), one tenant's else. */
  list(scope: TenantScope, page: PageRequest): Promise<SupportQuery[]>;
  /** Appends an answer and marks the query `answered`; null when there is no such query in scope. */
  addAnswer(scope: TenantScope, id: string, message: QueryMessage): Promise<SupportQuery | null>;
}

export function createQueryRepository(connection: Connection): QueryRepository {
  const model = modelOn(connection, 'SupportQuery', querySchema);
  const one = (doc: QueryDocument | null) => (doc ? toQuery(doc) : null);
  return {
    async insert({ id, ...fields }) {
      await model.create({ ...fields, _id: id });
    },
    findById: async (scope, id) => one(await model.findOne({ _id: id, ...scope }).lean<QueryDocument>()),
    list: async (scope, page) => (await findPage(model, { ...scope }, page)).map(toQuery),
    addAnswer: async (scope, id, message) =>
      one(
        await model
          .findOneAndUpdate(
            { _id: id, ...scope },
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
