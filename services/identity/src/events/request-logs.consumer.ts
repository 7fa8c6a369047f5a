import { apiRequestLog } from '@travel/contracts';
import { API_REQUESTS_EVENT, type EventConsumer, type EventEnvelope, PoisonEventError } from '@travel/events';
import type { RequestLogEntry } from '../domain/request-logs/request-logs';
import { createOneTypeConsumer, type OneTypeConsumerOptions } from './one-type-consumer';

/** Topic on which gateways send the partner calls they answered, one by one, in batches. */
export { API_REQUEST_LOGS_TOPIC, API_REQUESTS_EVENT } from '@travel/events';
/** One group for every identity replica: each batch is stored by one of them. */
export const REQUEST_LOGS_CONSUMER_GROUP = 'identity-request-logs';

export type RequestLogsConsumerOptions = OneTypeConsumerOptions & {
  recordRequestLogs(eventId: string, entries: readonly RequestLogEntry[]): Promise<unknown>;
};

/**
 * Entry point for `api.requests` batches: decode, check, store (the records' ids derive from the event id, so a
 * redelivered batch inserts nothing and no processed-id list is needed); a malformed batch is parked.
 */
export function createRequestLogsConsumer(options: RequestLogsConsumerOptions): EventConsumer {
  const { recordRequestLogs, ...consumer } = options;
  return createOneTypeConsumer(consumer, API_REQUESTS_EVENT, (event) =>
    recordRequestLogs(event.id, decodeRequestLogs(event)),
  );
}

/** The batch's calls, checked; throws PoisonEventError when the payload is not a batch of well-formed calls. */
export function decodeRequestLogs(event: EventEnvelope): RequestLogEntry[] {
  let batch: apiRequestLog.ApiRequests;
  try {
    batch = apiRequestLog.ApiRequests.decode(event.payload);
  } catch (error) {
    throw new PoisonEventError(`undecodable api.requests payload: ${(error as Error).message}`);
  }
  return batch.requests.map((call, index) => {
    const { at, ...fields } = call;
    const valid =
      at !== undefined &&
      call.requestId !== '' &&
      call.keyId !== '' &&
      call.method !== '' &&
      call.route !== '' &&
      Number.isInteger(call.status) &&
      call.status >= 100 &&
      call.status <= 599 &&
      Number.isFinite(call.latencyMs) &&
      call.latencyMs >= 0;
    if (!valid)
      throw new PoisonEventError(
        `api.requests call ${index} lacks a time, request id, key, method, route, status or latency`,
      );
    return { ...fields, at };
  });
}
