import { insertAllIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type {
  RequestLogFilter,
  RequestLogPosition,
  RequestLogStore,
  StoredRequestLogEntry,
} from '../domain/request-logs/request-logs';
import { type RequestLogDocument, requestLogSchema } from './request-log.schema';

const NEWEST_FIRST = { at: -1, _id: -1 } as const;
/** Named when no environment is asked for, so the indexes that start tenant, environment serve every list. */
const ENVIRONMENTS = ['live', 'test'];

export interface RequestLogRepositoryOptions {
  /** How long a call is kept (REQUEST_LOG_RETENTION_DAYS). */
  retentionMs: number;
}

/** The request log (docs/access.md, "Request log"): one document per partner call, newest first. */
export function createRequestLogRepository(
  connection: Connection,
  options: RequestLogRepositoryOptions,
): RequestLogStore {
  const model = modelOn(connection, 'RequestLog', requestLogSchema);
  return {
    insertBatch(eventId, entries) {
      // One unordered insertMany per batch: a redelivered batch's ids are taken and nothing lands twice.
      const docs = entries.map(
        (entry, index): RequestLogDocument => ({
          _id: `${eventId}:${index}`,
          ...entry,
          statusClass: Math.floor(entry.status / 100),
          expiresAt: new Date(entry.at.getTime() + options.retentionMs),
        }),
      );
      return insertAllIfAbsent(model, docs);
    },
    async list(filter, after, count) {
      const docs = await model
        .find({ ...queryOf(filter), ...afterPosition(after) })
        .sort(NEWEST_FIRST)
        .limit(count)
        .lean<RequestLogDocument[]>();
      return docs.map(toEntry);
    },
    async findByRequestId(requestId, tenantId) {
      const doc = await model
        .findOne({ requestId, ...(tenantId === undefined ? {} : { tenantId }) })
        .sort(NEWEST_FIRST)
        .lean<RequestLogDocument>();
      return doc ? toEntry(doc) : undefined;
    },
  };
}

function queryOf(filter: RequestLogFilter): Record<string, unknown> {
  const at = {
    ...(filter.from === undefined ? {} : { $gte: filter.from }),
    ...(filter.to === undefined ? {} : { $lt: filter.to }),
  };
  const scoped = filter.tenantId !== undefined;
  return {
    ...(scoped ? { tenantId: filter.tenantId } : {}),
    ...(filter.environment !== undefined
      ? { environment: filter.environment }
      : scoped && filter.keyId === undefined
        ? { environment: { $in: ENVIRONMENTS } }
        : {}),
    ...(filter.keyId === undefined ? {} : { keyId: filter.keyId }),
    ...(filter.statusClass === undefined ? {} : { statusClass: filter.statusClass }),
    ...(filter.route === undefined ? {} : { route: filter.route }),
    ...(filter.method === undefined ? {} : { method: filter.method }),
    ...(Object.keys(at).length === 0 ? {} : { at }),
  };
}

/** The calls after a position in newest-first order. */
function afterPosition(after: RequestLogPosition | undefined): Record<string, unknown> {
  if (after === undefined) return {};
  const at = new Date(after.at);
  return { $or: [{ at: { $lt: at } }, { at, _id: { $lt: after.id } }] };
}

function toEntry(doc: RequestLogDocument): StoredRequestLogEntry {
  const { _id, statusClass: _class, expiresAt: _expires, ...entry } = doc;
  return { id: _id, ...entry };
}
