import { apiUsage } from '@travel/contracts';
import { type EventPublisher, newEventId } from '@travel/events';
import type { Logger } from '@travel/logger';

export const API_USAGE_TOPIC = 'api.usage';

export type ApiCall = apiUsage.ApiCall;

export interface UsageRecorder {
  name: string;
  start(): Promise<void>;
  /** Flushes what is buffered before the process goes. */
  stop(): Promise<void>;
  /** Never waits and never throws: usage must not slow or fail a partner call. */
  record(call: ApiCall): void;
}

export interface UsageRecorderOptions {
  publisher: EventPublisher;
  flushIntervalMs: number;
  /** A batch is sent as soon as it holds this many calls. */
  batchSize: number;
  /** Past this, the oldest calls are dropped (Kafka unreachable for long); logged. */
  maxBuffered: number;
  logger: Logger;
}

/**
 * Buffers partner calls and publishes them in batches on `api.usage` (one `api.calls` event per batch),
 * so a call costs a push onto an array. A crash loses at most one flush interval of usage, never a call.
 */
export function createUsageRecorder(options: UsageRecorderOptions): UsageRecorder {
  const { publisher, logger } = options;
  let buffer: ApiCall[] = [];
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  /** False when Kafka refused the batch; it is then back at the front of the buffer. */
  async function send(calls: ApiCall[]): Promise<boolean> {
    const payload = Buffer.from(apiUsage.ApiCalls.encode({ calls }).finish());
    const event = { id: newEventId(), type: 'api.calls', occurredAt: new Date(), tenantId: '', clientId: '' };
    try {
      await publisher.publish(API_USAGE_TOPIC, [{ ...event, livemode: false, payload, key: event.id }]);
      return true;
    } catch (error) {
      logger.warn({ err: error, calls: calls.length }, 'usage batch not published; kept for the next flush');
      buffer = [...calls, ...buffer].slice(-options.maxBuffered);
      return false;
    }
  }

  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      while (buffer.length > 0) {
        const batch = buffer.slice(0, options.batchSize);
        buffer = buffer.slice(batch.length);
        if (!(await send(batch))) break;
      }
    });
    return flushing;
  }

  return {
    name: 'usage-recorder',
    async start() {
      timer = setInterval(() => void flush(), options.flushIntervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await flush();
    },
    record(call) {
      if (buffer.length >= options.maxBuffered) {
        buffer.shift();
        logger.warn('usage buffer full; oldest call dropped');
      }
      buffer.push(call);
      if (buffer.length >= options.batchSize) void flush();
    },
  };
}
