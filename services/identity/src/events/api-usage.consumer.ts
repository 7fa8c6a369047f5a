import { apiUsage } from '@travel/contracts';
import {
  type ConsumerOptions,
  createEventConsumer,
  type EventConsumer,
  type EventEnvelope,
  PoisonEventError,
} from '@travel/events';
import type { ApiCall } from '../domain/api-usage';

/** Topic on which gateways report the partner API calls they answered, in batches. */
export const API_USAGE_TOPIC = 'api.usage';
export const API_CALLS_EVENT = 'api.calls';
/** One group for every identity replica: each batch is recorded by one of them. */
export const USAGE_CONSUMER_GROUP = 'identity-usage';

export interface ApiUsageConsumerOptions extends Omit<ConsumerOptions, 'topics' | 'handle'> {
  topic: string;
  recordApiUsage(eventId: string, calls: readonly ApiCall[]): Promise<void>;
}

/** Entry point for `api.calls` batches: decode, check, record once per event id; a bad batch is parked. */
export function createApiUsageConsumer(options: ApiUsageConsumerOptions): EventConsumer {
  const { topic, recordApiUsage, ...consumer } = options;
  return createEventConsumer({
    ...consumer,
    topics: [topic],
    async handle(event, _topic, logger) {
      if (event.type !== API_CALLS_EVENT) {
        logger.debug('not a usage batch; ignored');
        return;
      }
      await recordApiUsage(event.id, decodeCalls(event));
    },
  });
}

/** The batch's calls; throws PoisonEventError when the payload is not a batch of well-formed calls. */
export function decodeCalls(event: EventEnvelope): ApiCall[] {
  let batch: apiUsage.ApiCalls;
  try {
    batch = apiUsage.ApiCalls.decode(event.payload);
  } catch (error) {
    throw new PoisonEventError(`undecodable api.calls payload: ${(error as Error).message}`);
  }
  return batch.calls.map((call, index) => {
    const at = call.at ?? event.occurredAt;
    const valid =
      at !== undefined &&
      call.method !== '' &&
      call.route !== '' &&
      Number.isInteger(call.status) &&
      call.status >= 100 &&
      call.status <= 599 &&
      Number.isFinite(call.latencyMs) &&
      call.latencyMs >= 0;
    if (!valid)
      throw new PoisonEventError(`api.calls call ${index} lacks a time, method, route, status or latency`);
    return { ...call, at };
  });
}
