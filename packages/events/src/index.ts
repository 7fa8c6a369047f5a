export { AUDIT_RECORDED_EVENT, decodeAuditRecorded, encodeAuditRecorded } from './audit-records';
export { type AuditCrashPoint, type AuditRelayOptions, createAuditRelay } from './audit-relay';
export { type BroadcastOptions, type BroadcastSubscriber, createBroadcastSubscriber } from './broadcast';
export {
  type ConsumerOptions,
  createEventConsumer,
  type EventConsumer,
  type HandledEvents,
  type KeyOrderAfterPark,
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
export { createEventOutbox, type EventOutbox, type EventOutboxOptions } from './event-outbox';
export { createKafka, type KafkaSecuritySettings, kafkaSecurityOf, namespaced } from './kafka-client';
export {
  createOutboxRelay,
  type OutboxEntry,
  type OutboxRelay,
  type OutboxRelayOptions,
  type OutboxSource,
} from './outbox-relay';
export {
  createParkedEventStore,
  type ParkedStoreOptions,
  parkedEventSchema,
  parkedStoreOptionsOf,
} from './parked-event.repository';
export {
  decodeParkedCursor,
  encodeParkedCursor,
  type NewParkedEvent,
  type ParkedEvent,
  type ParkedEventStore,
  type ParkedFilter,
  type ParkedPosition,
  type ParkedStatus,
  serviceOfParkedId,
} from './parked-events';
export { createParkedEventsGrpc, EVENTS_RIGHT, parkedEventsServiceOf } from './parked-events.grpc';
export { createParkedEventsAdmin, type ParkedEventsAdmin } from './parked-events-admin';
export { createEventPublisher, type EventPublisher, type PublisherOptions } from './publisher';
export {
  isFoundByTime,
  newRequestId,
  TIMED_REQUEST_ID_WINDOW_MS,
  timeOfRequestId,
} from './request-ids';
export {
  budgetSpanMs,
  createRetryTracker,
  DEFAULT_RETRY_BUDGET,
  type ParkReason,
  type RetryBudget,
  retryBudgetOf,
} from './retry-budget';
export {
  API_CALLS_EVENT,
  API_REQUEST_LOGS_TOPIC,
  API_REQUESTS_EVENT,
  API_USAGE_TOPIC,
  AUDIT_ENTRIES_TOPIC,
  BILLING_EVENTS_TOPIC,
  BOOKING_EVENTS_TOPIC,
  ensureTopics,
  IDENTITY_CHANGES_TOPIC,
  PRICING_CHANGES_TOPIC,
  parkedTopicOf,
  SEARCH_LOGS_TOPIC,
  TOPICS,
  type TopicOptions,
} from './topics';
export {
  createWriteAheadOutbox,
  type WriteAheadOutbox,
  type WriteAheadOutboxOptions,
} from './write-ahead-outbox';
