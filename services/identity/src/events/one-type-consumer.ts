import {
  type ConsumerOptions,
  createEventConsumer,
  type EventConsumer,
  type EventEnvelope,
} from '@travel/events';

/** A consumer's options but what `createOneTypeConsumer` sets: its one topic instead of the list. */
export type OneTypeConsumerOptions = Omit<ConsumerOptions, 'topics' | 'handle' | 'keyOrderAfterPark'> & {
  topic: string;
};

/**
 * A consumer of the gateways' batches of one event type on one topic (`api.calls`, `api.requests`): each batch
 * stands on its own, so a parked one holds no later one back; events of another type are ignored.
 */
export function createOneTypeConsumer(
  options: OneTypeConsumerOptions,
  eventType: string,
  handle: (event: EventEnvelope) => Promise<unknown>,
): EventConsumer {
  const { topic, ...consumer } = options;
  return createEventConsumer({
    ...consumer,
    topics: [topic],
    keyOrderAfterPark: 'proceed',
    async handle(event, _topic, logger) {
      if (event.type !== eventType) {
        logger.debug({ type: event.type }, `not an ${eventType} batch; ignored`);
        return;
      }
      await handle(event);
    },
  });
}
