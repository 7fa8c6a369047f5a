import { type AuditOutbox, auditOf, withAuditEntry } from '@travel/audit';
import { AppError } from '@travel/errors';
import { createCounters, isDuplicateKeyError, modelOn } from '@travel/mongo';
import { numberCursor, pageOfRows, readPageQuery } from '@travel/paging';
import type { Connection, Schema } from 'mongoose';
import type { Directory, Referenced, Scope } from '../domain/directory';
import type { Fields, Owned } from '../domain/records';

const INTERNAL = ['_id', 'n', 'version', 'search', 'codeKey', 'nameKey', 'pendingAudit', 'auditTombstone'];
type Doc = Record<string, unknown> & { _id: string; n: number; version: number };

export interface DirectoryOptions<R extends Owned, F> {
  model: string;
  schema: Schema;
  /** Id prefix and counter name: `cc` → `cc_<n>`. */
  prefix: string;
  /** The stored fields derived from the record's: lower-case `search` text and unique keys. */
  derived(fields: Fields<R>): { search: string } & Record<string, string>;
  /** What a unique index refusing the write means, for the `conflict` message. */
  duplicate(fields: Fields<R>): string;
  /** The list filter (beyond `q`) as a query on indexed fields. */
  where(filter: F): Record<string, unknown>;
  /** Records employees refer to start with a count of 0. */
  counted?: boolean;
}

/** One directory collection: ids from a counter, scoped reads and writes, newest-first pages by `n`. */
export function createDirectoryRepository<R extends Owned, F extends { q?: string }>(
  connection: Connection,
  audit: AuditOutbox,
  options: DirectoryOptions<R, F>,
): Directory<R, F> & Referenced {
  const model = audit.track(modelOn(connection, options.model, options.schema));
  const counters = createCounters(connection);
  const scoped = (scope: Scope, id: string) => ({
    _id: id,
    ...(scope.tenantId ? { tenantId: scope.tenantId } : {}),
  });
  const conflict = (error: unknown, fields: Fields<R>) =>
    isDuplicateKeyError(error) ? new AppError('conflict', options.duplicate(fields)) : error;
  // `<prefix>1:<n>`: a page continues strictly below `n`.
  const cursors = numberCursor(`${options.prefix}1:`);

  return {
    async insert(tenantId, fields, at, entryOf) {
      const n = await counters.next(options.prefix);
      const doc = {
        _id: `${options.prefix}_${n}`,
        n,
        tenantId,
        version: 1,
        createdAt: at,
        updatedAt: at,
        ...fields,
        ...options.derived(fields),
        ...(options.counted ? { employeeCount: 0 } : {}),
      };
      const record = toRecord<R>(doc);
      try {
        await model.collection.insertOne({ ...doc, ...auditOf(entryOf(record)) } as never);
      } catch (error) {
        throw conflict(error, fields);
      }
      audit.written();
      return record;
    },
    async get(scope, id) {
      const doc = await model.findOne(scoped(scope, id)).lean<Doc>();
      return doc ? { ...toRecord<R>(doc), version: doc.version } : null;
    },
    async replace(scope, id, version, fields, at, entry) {
      const change = { $set: { ...fields, ...options.derived(fields), updatedAt: at }, $inc: { version: 1 } };
      try {
        const doc = await model
          .findOneAndUpdate({ ...scoped(scope, id), version }, withAuditEntry(change, entry), { new: true })
          .lean<Doc>();
        if (doc) audit.written();
        return doc ? toRecord<R>(doc) : null;
      } catch (error) {
        throw conflict(error, fields);
      }
    },
    async remove(scope, id, entry, removeOptions) {
      const guard = removeOptions?.onlyUnused ? { employeeCount: 0 } : {};
      const doc = await audit.tombstone(model, { ...scoped(scope, id), ...guard }, entry);
      return doc ? toRecord<R>(doc as Doc) : null;
    },
    async list(scope, filter, request) {
      const { limit, after: before } = readPageQuery(request, cursors);
      const query = {
        ...(scope.tenantId ? { tenantId: scope.tenantId } : {}),
        ...options.where(filter),
        ...(filter.q ? { search: { $regex: escapeRegex(filter.q.toLowerCase()) } } : {}),
        ...(before === undefined ? {} : { n: { $lt: before } }),
      };
      const docs = await model
        .find(query)
        .sort({ n: -1 })
        .limit(limit + 1)
        .lean<Doc[]>();
      const page = pageOfRows(docs, limit, (last) => cursors.encode(last.n));
      return { ...page, items: page.items.map((doc) => toRecord<R>(doc)) };
    },
    async claim(tenantId, id) {
      const result = await model.updateOne({ _id: id, tenantId }, { $inc: { employeeCount: 1 } });
      return result.matchedCount === 1;
    },
    async release(id) {
      await model.updateOne({ _id: id, employeeCount: { $gt: 0 } }, { $inc: { employeeCount: -1 } });
    },
  };
}

function toRecord<R>(doc: Record<string, unknown>): R {
  const record: Record<string, unknown> = { id: doc._id };
  for (const [key, value] of Object.entries(doc)) if (!INTERNAL.includes(key)) record[key] = value;
  return record as R;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
