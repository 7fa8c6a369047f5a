import type { Logger } from '@travel/logger';
import type { Kafka } from 'kafkajs';
import type { EventEnvelope } from './envelope';
import type { ParkedEventStore } from './parked-events';
import type { RetryBudget } from './retry-budget';
import type { TopicOptions } from './topics';

/** Remembers handled event ids; implemented on the consumer's own database. */
export interface HandledEvents {
  has(consumer: string, eventId: string): Promise<boolean>;
  add(consumer: string, eventId: string): Promise<void>;
}

/** What a handler knows about how its message arrived. */
export interface HandleContext {
  /**
   * `performance.now()` when the handler's batch was taken from the fetch: the message had arrived by then.
   * A handler that caches may trust only state checked after this moment (the webhook intake's endpoints).
   */
  receivedAt: number;
}

/**
 * What happens to later events of a key once one of its events is parked (docs/decisions/events.md, "Per-key order
 * after a park"): `block` parks them behind it (reason `blocked`) until it is replayed or discarded, for
 * handlers whose events of one aggregate must apply in order; `proceed` handles them as usual.
 */
export type KeyOrderAfterPark = 'block' | 'proceed';

export interface ConsumerOptions {
  kafka: Kafka;
  /** Consumer group, and the name under which handled ids are remembered. */
  groupId: string;
  topics: string[];
  topicOptions: TopicOptions;
  /**
   * Where handled ids are kept, so a redelivered event is skipped. Leave it out when the handler's own
   * writes are its record (ids derived from the event or its aggregate, inserted once): a redelivery is
   * then refused by those writes, and each event costs two store calls fewer.
   */
  handledEvents?: HandledEvents;
  handle(event: EventEnvelope, topic: string, logger: Logger, context: HandleContext): Promise<void>;
  logger: Logger;
  /** Where events that cannot be handled are kept: the consuming service's own database. */
  parkedEvents: ParkedEventStore;
  keyOrderAfterPark: KeyOrderAfterPark;
  /** How long a failing event is retried in place before it is parked (default `DEFAULT_RETRY_BUDGET`). */
  retryBudget?: RetryBudget;
  /** The clock of failure times (tests pass their own). */
  now?: () => Date;
  /** Read from the beginning when the group has no committed offset (default true: lose nothing). */
  fromBeginning?: boolean;
  /**
   * Partitions handled at once (kafkajs `partitionsConsumedConcurrently`, default 1). The messages of one
   * partition (one key: one booking, one invoice) are still handled one after another, in order.
   */
  partitionsConsumedConcurrently?: number;
  /**
   * Handle the messages of a fetched batch at once, one lane per key (default false: one after another). A
   * key's messages stay in order, and the handler's writes of several bookings can share one store call
   * (`createCombinedInsert`). Only for handlers whose order matters within a key, not across keys.
   */
  handleKeysAtOnce?: boolean;
}
