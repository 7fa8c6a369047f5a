import { isFoundByTime, TIMED_REQUEST_ID_WINDOW_MS, timeOfRequestId } from '@travel/events';
import { insertAllIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type {
  RequestLogEntry,
  RequestLogFilter,
  RequestLogPosition,
  RequestLogStore,
  StoredRequestLogEntry,
} from '../domain/request-logs/request-logs';
import {
  type RequestLogPageCall,
  type RequestLogPageDocument,
  requestLogPageSchema,
} from './request-log.schema';

/** Pages fetched per round trip while a list reads pages newest first. */
const PAGES_PER_FETCH = 8;
/**
 * The longest a page may span (first to last call) and keep no index entry for its timed ids: a gateway's batch
 * spans a second, but one sent after Kafka was away can span the outage; such a page indexes every id.
 */
const TIMED_PAGE_SPAN_MS = 30_000;
/** Pages read to find a request id, newest first (a request id is one call unless a client repeats its own). */
const PAGES_PER_REQUEST_ID = 8;

export interface RequestLogRepositoryOptions {
  /** How long a call is kept (REQUEST_LOG_RETENTION_DAYS). */
  retentionMs: number;
}

/**
 * The request log (docs/access.md, "Request log"), stored as pages: one document per gateway batch, tenant and
 * mode (request-log.schema.ts). A list reads the pages that can hold a match newest first and orders their calls
 * in memory; it stops once no page left can hold a call newer than the last one it answers.
 */
export function createRequestLogRepository(
  connection: Connection,
  options: RequestLogRepositoryOptions,
): RequestLogStore {
  const model = modelOn(connection, 'RequestLogPage', requestLogPageSchema);
  return {
    insertBatch(eventId, entries) {
      // One unordered insertMany per batch: a redelivered batch's page ids are taken and nothing lands twice.
      return insertAllIfAbsent(model, pagesOf(eventId, entries, options.retentionMs));
    },
    async list(filter, after, count) {
      const pages = model
        .find(pageQuery(filter, after))
        .sort({ last: -1 })
        .lean<RequestLogPageDocument[]>()
        .cursor({ batchSize: PAGES_PER_FETCH });
      let found: StoredRequestLogEntry[] = [];
      try {
        for await (const page of pages as AsyncIterable<RequestLogPageDocument>) {
          const oldest = found[count - 1];
          if (oldest !== undefined && page.last.getTime() < oldest.at.getTime()) break;
          for (const call of callsOf(page)) {
            const entry = entryOf(page, call);
            if (matches(entry, filter, after)) found.push(entry);
          }
          found = found.sort(newestFirst).slice(0, count);
        }
      } finally {
        await pages.close();
      }
      return found;
    },
    async findByRequestId(requestId, tenantId) {
      const scope = tenantId === undefined ? {} : { tenantId };
      const made = timeOfRequestId(requestId);
      if (made !== undefined) {
        const found = await findByTime(model, requestId, made, scope);
        if (found) return found;
      }
      // A caller's own id, a call answered long after its id was made, or a page written before timed ids.
      const pages = await model
        .find({ requestIds: requestId, ...scope })
        .sort({ last: -1 })
        .limit(PAGES_PER_REQUEST_ID)
        .lean<RequestLogPageDocument[]>();
      return newestCall(pages, requestId);
    },
  };
}

/**
 * A call by the time its id names: the pages of the tenant whose calls were answered in the window after it,
 * nearest first; a page is parsed only when its JSON holds the id.
 */
async function findByTime(
  model: ReturnType<typeof modelOn<RequestLogPageDocument>>,
  requestId: string,
  made: number,
  scope: { tenantId?: string },
): Promise<StoredRequestLogEntry | undefined> {
  const pages = model
    .find({
      ...scope,
      last: {
        $gte: new Date(made - 1000),
        $lte: new Date(made + TIMED_REQUEST_ID_WINDOW_MS + TIMED_PAGE_SPAN_MS),
      },
      first: { $lte: new Date(made + TIMED_REQUEST_ID_WINDOW_MS) },
    })
    .sort({ last: 1 })
    .lean<RequestLogPageDocument[]>()
    .cursor({ batchSize: PAGES_PER_FETCH });
  try {
    for await (const page of pages as AsyncIterable<RequestLogPageDocument>) {
      if (page.callsJson !== undefined && !page.callsJson.includes(`"${requestId}"`)) continue;
      const found = newestCall([page], requestId);
      if (found) return found;
    }
  } finally {
    await pages.close();
  }
  return undefined;
}

function newestCall(pages: RequestLogPageDocument[], requestId: string): StoredRequestLogEntry | undefined {
  const calls = pages.flatMap((page) =>
    callsOf(page)
      .filter((call) => call.requestId === requestId)
      .map((call) => entryOf(page, call)),
  );
  return calls.sort(newestFirst)[0];
}

/** A batch's calls grouped by tenant and mode, one page each, in the batch's order. */
function pagesOf(
  eventId: string,
  entries: readonly RequestLogEntry[],
  retentionMs: number,
): RequestLogPageDocument[] {
  const groups = new Map<string, { tenantId: string; environment: string; calls: RequestLogPageCall[] }>();
  entries.forEach(({ tenantId, environment, ...call }, index) => {
    const id = `${eventId}|${tenantId}|${environment}`;
    const group = groups.get(id) ?? { tenantId, environment, calls: [] };
    group.calls.push({ ...call, index });
    groups.set(id, group);
  });
  return [...groups].map(([id, { tenantId, environment, calls }]) => {
    const times = calls.map((call) => call.at.getTime());
    const last = new Date(Math.max(...times));
    const first = new Date(Math.min(...times));
    const tight = last.getTime() - first.getTime() <= TIMED_PAGE_SPAN_MS;
    return {
      _id: id,
      eventId,
      tenantId,
      environment,
      first,
      last,
      keyIds: distinct(calls.map((call) => call.keyId)),
      statusClasses: distinct(calls.map((call) => statusClassOf(call.status))),
      routes: distinct(calls.map((call) => call.route)),
      // Only the ids the time in them cannot find: a caller's own, a call answered long after it began, or every
      // id of a page that spans too long for the time to narrow the search.
      requestIds: distinct(
        calls
          .filter((call) => !tight || !isFoundByTime(call.requestId, call.at.getTime()))
          .map((call) => call.requestId),
      ),
      callsJson: JSON.stringify(calls),
      expiresAt: new Date(last.getTime() + retentionMs),
    };
  });
}

/** The pages that can hold a call the list answers: the filter's values in their arrays, their times in range. */
function pageQuery(filter: RequestLogFilter, after: RequestLogPosition | undefined): Record<string, unknown> {
  const first = {
    ...(filter.to === undefined ? {} : { $lt: filter.to }),
    ...(after === undefined ? {} : { $lte: new Date(after.at) }),
  };
  return {
    ...(filter.tenantId === undefined ? {} : { tenantId: filter.tenantId }),
    ...(filter.environment === undefined ? {} : { environment: filter.environment }),
    ...(filter.keyId === undefined ? {} : { keyIds: filter.keyId }),
    ...(filter.statusClass === undefined ? {} : { statusClasses: filter.statusClass }),
    ...(filter.route === undefined ? {} : { routes: filter.route }),
    ...(filter.from === undefined ? {} : { last: { $gte: filter.from } }),
    ...(Object.keys(first).length === 0 ? {} : { first }),
  };
}

/** Whether a call of a page is one the list answers: the filter's values, its time range, after the cursor. */
function matches(
  entry: StoredRequestLogEntry,
  filter: RequestLogFilter,
  after: RequestLogPosition | undefined,
) {
  const at = entry.at.getTime();
  return (
    (filter.environment === undefined || entry.environment === filter.environment) &&
    (filter.keyId === undefined || entry.keyId === filter.keyId) &&
    (filter.statusClass === undefined || statusClassOf(entry.status) === filter.statusClass) &&
    (filter.route === undefined || entry.route === filter.route) &&
    (filter.method === undefined || entry.method === filter.method) &&
    (filter.from === undefined || at >= filter.from.getTime()) &&
    (filter.to === undefined || at < filter.to.getTime()) &&
    (after === undefined || at < after.at || (at === after.at && entry.id < after.id))
  );
}

/** Newest first; calls of one millisecond by record id, descending. */
function newestFirst(a: StoredRequestLogEntry, b: StoredRequestLogEntry): number {
  const byTime = b.at.getTime() - a.at.getTime();
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** A page's calls, from its JSON (or, for a page written before it, its sub-documents). */
function callsOf(page: RequestLogPageDocument): RequestLogPageCall[] {
  if (page.callsJson === undefined) return page.calls ?? [];
  const calls = JSON.parse(page.callsJson) as Array<Omit<RequestLogPageCall, 'at'> & { at: string }>;
  return calls.map((call) => ({ ...call, at: new Date(call.at) }));
}

function entryOf(page: RequestLogPageDocument, call: RequestLogPageCall): StoredRequestLogEntry {
  const { index, ...entry } = call;
  return {
    id: `${page.eventId}:${index}`,
    ...entry,
    tenantId: page.tenantId,
    environment: page.environment,
  };
}

const statusClassOf = (status: number) => Math.floor(status / 100);
const distinct = <T>(values: T[]): T[] => [...new Set(values)];
