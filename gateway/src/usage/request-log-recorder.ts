import { apiRequestLog } from '@travel/contracts';
import { API_REQUEST_LOGS_TOPIC, API_REQUESTS_EVENT, type EventPublisher } from '@travel/events';
import type { Logger } from '@travel/logger';
import { counter } from '@travel/metrics';
import { periodicFlush } from './periodic-flush';
import { publishBatch } from './publish-batch';

export { API_REQUEST_LOGS_TOPIC };

/** One partner call as the request log keeps it: the ApiRequest message, its time a Date. */
export type LoggedCall = Omit<apiRequestLog.ApiRequest, 'at'> & { at: Date };

export interface RequestLogRecorder {
  name: string;
  start(): Promise<void>;
  /** Sends what is buffered before the process goes. */
  stop(): Promise<void>;
  /** Never waits and never throws: the request log must not slow or fail a partner call. */
  record(call: LoggedCall): void;
}

/** Most calls in one `api.requests` event (docs/access.md, "Request log"). */
export const REQUEST_LOG_CALLS_PER_EVENT = 500;
/** Most calls kept while they wait for Kafka, by default (REQUEST_LOG_MAX_BUFFERED). */
export const REQUEST_LOG_CALLS_KEPT = 50_000;
/** The longest path, idempotency key and error envelope a record carries (longer ones are cut). */
export const REQUEST_LOG_LIMITS = { path: 512, idempotencyKey: 255, errorEnvelope: 4096 } as const;

export interface RequestLogRecorderOptions {
  publisher: EventPublisher;
  flushIntervalMs: number;
  /** Most calls in one event (default REQUEST_LOG_CALLS_PER_EVENT); a flush sends as many events as it needs. */
  batchSize?: number;
  /** Past this many waiting calls (default REQUEST_LOG_CALLS_KEPT) the oldest are dropped: counted and logged. */
  maxBuffered?: number;
  logger: Logger;
}

/**
 * Keeps each partner call in a bounded ring in memory and publishes the calls on `api.request-logs` (an
 * `api.requests` event per `batchSize` of them) every flush interval. A call costs one object and an array
 * slot; no request waits for Kafka. While Kafka refuses, the batch it refused is offered again at the next
 * flush and new calls wait in the ring; when the ring is full the oldest call is dropped
 * (`gateway_request_log_dropped_total`, and one warning per flush that dropped some). Memory stays within
 * `maxBuffered` calls plus the batch in flight, whatever the traffic and however long Kafka is away.
 */
export function createRequestLogRecorder(options: RequestLogRecorderOptions): RequestLogRecorder {
  const { publisher, logger } = options;
  const batchSize = options.batchSize ?? REQUEST_LOG_CALLS_PER_EVENT;
  const ring = createRing<LoggedCall>(options.maxBuffered ?? REQUEST_LOG_CALLS_KEPT);
  const dropped = counter(
    'gateway_request_log_dropped_total',
    'Partner calls left out of the request log: the buffer was full (Kafka refused or fell behind).',
    [],
  );
  let droppedSinceFlush = 0;
  /** A batch Kafka refused: sent first at the next flush. */
  let refused: LoggedCall[] | undefined;

  async function send(calls: LoggedCall[]): Promise<boolean> {
    const payload = apiRequestLog.ApiRequests.encode({ requests: calls }).finish();
    try {
      await publishBatch(publisher, API_REQUEST_LOGS_TOPIC, API_REQUESTS_EVENT, payload);
      return true;
    } catch (error) {
      logger.warn(
        { err: error, calls: calls.length },
        'request log batch not published; sent again next flush',
      );
      return false;
    }
  }

  async function flush(): Promise<void> {
    if (droppedSinceFlush > 0) {
      logger.warn({ dropped: droppedSinceFlush }, 'request log buffer full; oldest calls dropped');
      droppedSinceFlush = 0;
    }
    if (refused) {
      if (!(await send(refused))) return;
      refused = undefined;
    }
    while (ring.size() > 0) {
      const calls = ring.take(batchSize);
      if (!(await send(calls))) {
        refused = calls;
        return;
      }
    }
  }

  return {
    ...periodicFlush('request-log-recorder', options.flushIntervalMs, flush),
    record(call) {
      if (ring.push(call)) return;
      dropped.inc();
      droppedSinceFlush += 1;
    },
  };
}

/** A first-in first-out buffer of at most `capacity` items; a push into a full one overwrites the oldest. */
export function createRing<T>(capacity: number) {
  const slots: (T | undefined)[] = new Array(capacity);
  let head = 0;
  let size = 0;
  return {
    size: () => size,
    /** False when the ring was full and its oldest item made room. */
    push(item: T): boolean {
      slots[(head + size) % capacity] = item;
      if (size < capacity) {
        size += 1;
        return true;
      }
      head = (head + 1) % capacity;
      return false;
    },
    /** Removes and answers up to `count` of the oldest items, oldest first. */
    take(count: number): T[] {
      const taken: T[] = [];
      while (taken.length < count && size > 0) {
        taken.push(slots[head] as T);
        slots[head] = undefined;
        head = (head + 1) % capacity;
        size -= 1;
      }
      return taken;
    },
  };
}

/**
 * The error envelope of a failed call as the log keeps it: its JSON, or for one past the limit its code, message
 * (cut) and request id alone.
 */
export function boundedEnvelope(body: unknown): string {
  const json = JSON.stringify(body);
  if (json.length <= REQUEST_LOG_LIMITS.errorEnvelope) return json;
  const error = (body as { error?: { code?: unknown; message?: unknown; requestId?: unknown } }).error ?? {};
  return JSON.stringify({
    error: {
      code: String(error.code ?? ''),
      message: String(error.message ?? '').slice(0, 1024),
      requestId: String(error.requestId ?? ''),
      details: null,
    },
  });
}
