export { type BroadcastOptions, type BroadcastSubscriber, createBroadcastSubscriber } from './broadcast';
export {
  type ConsumerOptions,
  createEventConsumer,
  type EventConsumer,
  type HandledEvents,
  PoisonEventError,
} from './consumer';
export { consumerGroupLag, rewindConsumerGroup } from './consumer-group';
export {
  decodeEnvelope,
  type EventEnvelope,
  encodeEnvelope,
  newEventId,
  type OutgoingEvent,
} from './envelope';
export { createKafka, type KafkaSecuritySettings, kafkaSecurityOf, namespaced } from './kafka-client';
export {
  createOutboxRelay,
  type OutboxEntry,
  type OutboxRelay,
  type OutboxRelayOptions,
  type OutboxSource,
} from './outbox-relay';
export { createEventPublisher, type EventPublisher, type PublisherOptions } from './publisher';
export {
  BILLING_EVENTS_TOPIC,
  BOOKING_EVENTS_TOPIC,
  ensureTopics,
  PRICING_CHANGES_TOPIC,
  parkedTopicOf,
  type TopicOptions,
} from './topics';
