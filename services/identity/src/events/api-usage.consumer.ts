import { apiUsage } from '@travel/contracts';
import { API_CALLS_EVENT, type EventConsumer, type EventEnvelope, PoisonEventError } from '@travel/events';
import { type ApiCall, summariseCalls, type UsageRow, usageTotals } from '../domain/usage/api-usage';
import { createOneTypeConsumer, type OneTypeConsumerOptions } from './one-type-consumer';

/** Topic on which gateways report the partner API calls they answered, in batches. */
export { API_USAGE_TOPIC } from '@travel/events';
/** One group for every identity replica: each batch is recorded by one of them. */
export const USAGE_CONSUMER_GROUP = 'identity-usage';

export type ApiUsageConsumerOptions = OneTypeConsumerOptions & {
  recordApiUsage(eventId: string, rows: readonly UsageRow[]): Promise<void>;
};

/** Entry point for `api.calls` batches: decode, check, record once per event id; a bad batch is parked. */
export function createApiUsageConsumer(options: ApiUsageConsumerOptions): EventConsumer {
  const { recordApiUsage, ...consumer } = options;
  // Each batch of totals is added on its own: a parked batch holds no later one back.
  return createOneTypeConsumer(consumer, API_CALLS_EVENT, (event) =>
    recordApiUsage(event.id, decodeUsage(event)),
  );
}

/**
 * The batch as usage rows: its totals, and its single calls (sent by gateways before the totals) counted
 * the same way. Deterministic, so a redelivered batch yields the same rows in the same order. Throws
 * PoisonEventError when the payload is not a batch of well-formed calls and totals.
 */
export function decodeUsage(event: EventEnvelope): UsageRow[] {
  let batch: apiUsage.ApiCalls;
  try {
    batch = apiUsage.ApiCalls.decode(event.payload);
  } catch (error) {
    throw new PoisonEventError(`undecodable api.calls payload: ${(error as Error).message}`);
  }
  const rows = usageTotals();
  for (const row of summariseCalls(batch.calls.map((call, index) => checkedCall(call, index, event))))
    rows.add(row);
  for (const [index, total] of batch.totals.entries()) rows.add(checkedTotal(total, index));
  return rows.rows();
}

function checkedCall(call: apiUsage.ApiCall, index: number, event: EventEnvelope): ApiCall {
  const at = call.at ?? event.occurredAt;
  const valid =
    at !== undefined &&
    call.method !== '' &&
    call.route !== '' &&
    Number.isInteger(call.status) &&
    call.status >= 100 &&
    call.status <= 599 &&
    isLatency(call.latencyMs);
  if (!valid)
    throw new PoisonEventError(`api.calls call ${index} lacks a time, method, route, status or latency`);
  return { ...call, at };
}

function checkedTotal(total: apiUsage.ApiCallTotal, index: number): UsageRow {
  const { day, clientId, keyId, method, route, requests, clientErrors, serverErrors } = total;
  const valid =
    /^\d{4}-\d{2}-\d{2}$/.test(day) &&
    method !== '' &&
    route !== '' &&
    requests >= 1 &&
    clientErrors >= 0 &&
    serverErrors >= 0 &&
    clientErrors + serverErrors <= requests &&
    isLatency(total.latencySumMs) &&
    isLatency(total.latencyMaxMs);
  if (!valid)
    throw new PoisonEventError(
      `api.calls total ${index} lacks a day, method or route, or its counts do not add up`,
    );
  return {
    day,
    clientId,
    keyId,
    route: `${method} ${route}`,
    requests,
    clientErrors,
    serverErrors,
    latencySum: total.latencySumMs,
    latencyMax: total.latencyMaxMs,
  };
}

const isLatency = (ms: number) => Number.isFinite(ms) && ms >= 0;
