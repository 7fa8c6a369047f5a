import { apiUsage } from '@travel/contracts';
import { API_CALLS_EVENT, API_USAGE_TOPIC, type EventPublisher } from '@travel/events';
import type { Logger } from '@travel/logger';
import { periodicFlush } from './periodic-flush';
import { publishBatch } from './publish-batch';

export { API_USAGE_TOPIC };

type ApiCallTotal = apiUsage.ApiCallTotal;

/** One partner call the gateway answered, attributed to its key: the ApiCall message, without a request id. */
export type PartnerCall = Omit<apiUsage.ApiCall, 'at' | 'requestId'> & { at: Date };

export interface UsageRecorder {
  name: string;
  start(): Promise<void>;
  /** Flushes what is counted before the process goes. */
  stop(): Promise<void>;
  /** Never waits and never throws: usage must not slow or fail a partner call. */
  record(call: PartnerCall): void;
}

/** Most totals in one `api.calls` event (docs/access.md, "Usage"). */
export const USAGE_TOTALS_PER_EVENT = 5000;
/** Most totals kept while Kafka refuses them (docs/access.md, "Usage"). */
export const USAGE_TOTALS_KEPT = 100_000;

export interface UsageRecorderOptions {
  publisher: EventPublisher;
  flushIntervalMs: number;
  /** Most totals in one event (default USAGE_TOTALS_PER_EVENT); a flush sends as many events as it needs. */
  batchSize?: number;
  /** Past this many totals (Kafka unreachable for long; default USAGE_TOTALS_KEPT), the oldest are dropped; logged. */
  maxBuffered?: number;
  logger: Logger;
}

/**
 * Counts partner calls in memory, one total per UTC day, client, key, method and route, and publishes the
 * totals on `api.usage` (an `api.calls` event per `batchSize` of them) every flush interval. A call costs
 * an addition to its total, and Kafka and identity see one total per key and route a second, not one
 * message per call. A crash loses at most one flush interval of usage, never a call.
 */
export function createUsageRecorder(options: UsageRecorderOptions): UsageRecorder {
  const { publisher, logger } = options;
  const batchSize = options.batchSize ?? USAGE_TOTALS_PER_EVENT;
  const maxBuffered = options.maxBuffered ?? USAGE_TOTALS_KEPT;
  let counted = new Map<string, ApiCallTotal>();

  /** Adds to the total of the total's day, client, key, method and route, making room if needed. */
  function add(total: ApiCallTotal): void {
    const id = `${total.day} ${total.clientId} ${total.keyId} ${total.method} ${total.route}`;
    const found = counted.get(id);
    if (found) {
      found.requests += total.requests;
      found.clientErrors += total.clientErrors;
      found.serverErrors += total.serverErrors;
      found.latencySumMs += total.latencySumMs;
      found.latencyMaxMs = Math.max(found.latencyMaxMs, total.latencyMaxMs);
      return;
    }
    if (counted.size >= maxBuffered) {
      counted.delete(counted.keys().next().value as string);
      logger.warn('usage buffer full; oldest total dropped');
    }
    counted.set(id, { ...total });
  }

  /** False when Kafka refused the batch; its totals are then counted again for the next flush. */
  async function send(totals: ApiCallTotal[]): Promise<boolean> {
    const payload = apiUsage.ApiCalls.encode({ calls: [], totals }).finish();
    try {
      await publishBatch(publisher, API_USAGE_TOPIC, API_CALLS_EVENT, payload);
      return true;
    } catch (error) {
      logger.warn(
        { err: error, totals: totals.length },
        'usage batch not published; kept for the next flush',
      );
      for (const total of totals) add(total);
      return false;
    }
  }

  async function flush(): Promise<void> {
    const totals = [...counted.values()];
    counted = new Map();
    for (let start = 0; start < totals.length; start += batchSize) {
      if (!(await send(totals.slice(start, start + batchSize)))) {
        for (const total of totals.slice(start + batchSize)) add(total);
        break;
      }
    }
  }

  return {
    ...periodicFlush('usage-recorder', options.flushIntervalMs, flush),
    record(call) {
      add({
        day: call.at.toISOString().slice(0, 10),
        clientId: call.clientId,
        keyId: call.keyId,
        method: call.method,
        route: call.route,
        requests: 1,
        clientErrors: call.status >= 400 && call.status < 500 ? 1 : 0,
        serverErrors: call.status >= 500 ? 1 : 0,
        latencySumMs: call.latencyMs,
        latencyMaxMs: call.latencyMs,
      });
    },
  };
}
