import { type AuditEntry, type AuditOutbox, auditOf, withAuditEntry } from '@travel/audit';
import type { TenantScope } from '@travel/grpc';
import { modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { PageRequest } from '../domain/page';
import type { QueryMessage, SupportQuery } from '../domain/records';
import { findPage } from './list-page';
import { type QueryDocument, querySchema } from './query.schema';

/** Reads and writes carry the caller's scope in their filter (docs/access.md, "Callers"). */
export interface QueryRepository {
  /** Stored with its audit entry (as is an answer). */
  insert(query: SupportQuery, entry: AuditEntry): Promise<void>;
  findById(scope: TenantScope, id: string): Promise<SupportQuery | null>;
  /** Every tenant's for the platform (`{}`), one tenant's else. */
  list(scope: TenantScope, page: PageRequest): Promise<SupportQuery[]>;
  /** Appends an answer and marks the query `answered`; null when there is no such query in scope. */
  addAnswer(
    scope: TenantScope,
    id: string,
    message: QueryMessage,
    entry: AuditEntry,
  ): Promise<SupportQuery | null>;
}

export function createQueryRepository(connection: Connection, audit: AuditOutbox): QueryRepository {
  const model = audit.track(modelOn(connection, 'SupportQuery', querySchema));
  const one = (doc: QueryDocument | null) => (doc ? toQuery(doc) : null);
  return {
    async insert({ id, ...fields }, entry) {
      await model.create({ ...fields, _id: id, ...auditOf(entry) });
      audit.written();
    },
    findById: async (scope, id) => one(await model.findOne({ _id: id, ...scope }).lean<QueryDocument>()),
    list: async (scope, page) => (await findPage(model, { ...scope }, page)).map(toQuery),
    async addAnswer(scope, id, message, entry) {
      const doc = await model
        .findOneAndUpdate(
          { _id: id, ...scope },
          withAuditEntry(
            { $push: { thread: message }, $set: { status: 'answered', updatedAt: message.at } },
            entry,
          ),
          { new: true },
        )
        .lean<QueryDocument>();
      if (doc) audit.written();
      return one(doc);
    },
  };
}

function toQuery(doc: QueryDocument): SupportQuery {
  const { _id, ...fields } = doc;
  return { id: _id, ...fields, thread: fields.thread ?? [] };
}
