import { AppError } from '@travel/errors';
import { cursorCodec, readPage } from '@travel/paging';
import type { StaffActor } from '../staff/staff';

/** One partner call of the request log (docs/access.md, "Request log"). */
export interface RequestLogEntry {
  requestId: string;
  at: Date;
  clientId: number;
  keyId: string;
  /** '' for a client linked to no tenant. */
  tenantId: string;
  environment: string;
  method: string;
  route: string;
  path: string;
  status: number;
  latencyMs: number;
  clientAddress: string;
  idempotencyKey: string;
  /** The error envelope a failed call answered, as JSON; '' for a success. */
  errorEnvelope: string;
}

/** The calls a list shows: one tenant's (`tenantId`) or, undefined, every tenant's; the rest narrow it. */
export interface RequestLogFilter {
  tenantId?: string | undefined;
  environment?: string | undefined;
  keyId?: string | undefined;
  statusClass?: number | undefined;
  route?: string | undefined;
  method?: string | undefined;
  /** At or after `from`, before `to`. */
  from?: Date | undefined;
  to?: Date | undefined;
}

/** Where a page continues: after the call answered at `at` (ms) with record id `id`, newest first. */
export interface RequestLogPosition {
  at: number;
  id: string;
}

export interface StoredRequestLogEntry extends RequestLogEntry {
  /** `<event id>:<index>`: the record's id, which orders calls of one millisecond. */
  id: string;
}

export interface RequestLogStore {
  /**
   * Stores a batch's calls as `<eventId>:<index>`; calls already stored (a redelivery) are left alone. Answers how
   * many documents landed (0: a redelivery).
   */
  insertBatch(eventId: string, entries: readonly RequestLogEntry[]): Promise<number>;
  /** Up to `count` calls after `after`, newest first. */
  list(
    filter: RequestLogFilter,
    after: RequestLogPosition | undefined,
    count: number,
  ): Promise<StoredRequestLogEntry[]>;
  /** The newest call with this request id in the tenant (undefined: any tenant's). */
  findByRequestId(
    requestId: string,
    tenantId: string | undefined,
  ): Promise<StoredRequestLogEntry | undefined>;
}

const RECORD_ID = /^evt_[A-Za-z0-9]{1,40}:[0-9]{1,6}$/;

/** The list's cursors: the base64url of `rl1:<ms>.<record id>`. */
export const requestLogCursors = cursorCodec<RequestLogPosition>('rl1:', {
  write: ({ at, id }) => `${at}.${id}`,
  read: (text) => {
    const dot = text.indexOf('.');
    const at = Number(text.slice(0, dot));
    const id = text.slice(dot + 1);
    return dot > 0 && Number.isSafeInteger(at) && at >= 0 && RECORD_ID.test(id) ? { at, id } : undefined;
  },
});

/** The rights of the two consoles that read the log: the platform's API access, the tenant's API console. */
export const REQUEST_LOG_RIGHTS = { platform: 'api-access', tenant: 'api-console' } as const;

/**
 * The tenant a reader sees: tenant staff their own, whatever they ask for; platform staff the one they name, or
 * every tenant's (undefined).
 */
function tenantOf(actor: StaffActor, requested: string | undefined): string | undefined {
  return actor.tenantId ?? requested;
}

export function createListRequestLogs({ store }: { store: RequestLogStore }) {
  return async function listRequestLogs(
    request: {
      actor: StaffActor;
      limit?: number | undefined;
      cursor?: string | undefined;
    } & RequestLogFilter,
  ): Promise<{ items: StoredRequestLogEntry[]; nextCursor?: string }> {
    const { actor, limit, cursor, ...filter } = request;
    const scoped = { ...filter, tenantId: tenantOf(actor, filter.tenantId) };
    return readPage(
      { limit, cursor },
      requestLogCursors,
      (after, count) => store.list(scoped, after, count),
      (entry) => ({ at: entry.at.getTime(), id: entry.id }),
    );
  };
}

export function createGetRequestLog({ store }: { store: RequestLogStore }) {
  return async function getRequestLog(request: {
    actor: StaffActor;
    requestId: string;
  }): Promise<RequestLogEntry> {
    const entry = await store.findByRequestId(request.requestId, tenantOf(request.actor, undefined));
    if (!entry) throw new AppError('not_found', `No call with request id ${request.requestId}.`);
    return entry;
  };
}

/** The consumer's use case: one gateway batch stored as records keyed by its event id and each call's index. */
export function createRecordRequestLogs({ store }: { store: RequestLogStore }) {
  return (eventId: string, entries: readonly RequestLogEntry[]) => store.insertBatch(eventId, entries);
}
