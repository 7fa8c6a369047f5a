import type { Logger } from '@travel/logger';
import type { Consumer, Kafka, KafkaMessage, Producer } from 'kafkajs';
import { decodeEnvelope, type EventEnvelope } from './envelope';
import { type ConsumeOutcome, consumerMetrics } from './event-metrics';
import { namespaced } from './kafka-client';
import { restartAfterCrash } from './restart-after-crash';
import { ensureTopics, parkedTopicOf, type TopicOptions } from './topics';
import { traceConsume } from './trace-messages';

/** Throw this from a handler when a message can never succeed (bad payload): it is parked, not retried. */
export class PoisonEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PoisonEventError';
  }
}

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
  /** Read from the beginning when the group has no committed offset (default true: lose nothing). */
  fromBeginning?: boolean;
  /**
   * Partitions handled at once (kafkajs `partitionsConsumedConcurrently`, default 1). The messages of one
   * partition (one key: one booking, one invoice) are still handled one after another, in order.
   */
  partitionsConsumedConcurrently?: number;
}

export interface EventConsumer {
  name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Handled offsets are committed at most once a second per group (and when the consumer stops or the group
 * rebalances), not after every fetch: under load a fetch often brings one message, and the commit after it
 * was half of the broker's requests (3 of 6.3 per booking). Needs our kafkajs patch, which makes the commit
 * after a batch honour `autoCommitInterval`. A crash redelivers at most the last second, which every consumer
 * handles idempotently (docs/decisions.md "Events").
 */
const COMMIT_EVERY_MS = 1000;

/**
 * A consumer group that decodes envelopes, skips ids it already handled, and parks poison messages.
 * Any other handler error is thrown back to kafkajs, which retries the message (nothing is lost).
 * Each fetched batch is handled message by message, each offset resolved after its message, exactly as
 * kafkajs' own `eachMessage` does; the batch form only lets the handler know when the batch arrived.
 */
export function createEventConsumer(options: ConsumerOptions): EventConsumer {
  const { kafka, groupId, logger } = options;
  const consumer: Consumer = kafka.consumer({
    groupId: namespaced(kafka, groupId),
    sessionTimeout: 10_000,
    heartbeatInterval: 1000,
    // An idle fetch answers within this, so an idle consumer commits its last offsets within about 2 s.
    maxWaitTimeInMs: COMMIT_EVERY_MS,
  });
  const parker: Producer = kafka.producer();
  const metrics = consumerMetrics(groupId);
  let stopping = false;
  consumer.on(consumer.events.GROUP_JOIN, () => metrics.forgetLag());
  const process = async (topic: string, message: KafkaMessage, context: HandleContext) => {
    const plainTopic = plainTopicOf(options, topic);
    const log = logger.child({ topic, offset: message.offset });
    const outcome = await traceConsume(topic, message.headers, () =>
      processMessage(options, parker, topic, message, context, log),
    ).catch((error) => {
      metrics.consumed(plainTopic, 'failed');
      throw error;
    });
    metrics.consumed(plainTopic, outcome);
  };
  /** Joins the group and runs; again after a crash kafkajs does not restart from (restartAfterCrash). */
  async function run(): Promise<void> {
    await consumer.connect();
    await subscribeWithRetries(consumer, {
      topics: options.topics.map((topic) => namespaced(kafka, topic)),
      fromBeginning: options.fromBeginning ?? true,
    });
    await consumer.run({
      partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 1,
      autoCommitInterval: COMMIT_EVERY_MS,
      // Offsets are resolved one message at a time below: a batch cut short (stop, rebalance, a failed
      // message) must not count its unhandled messages as done.
      eachBatchAutoResolve: false,
      eachBatch: async ({
        batch,
        resolveOffset,
        heartbeat,
        commitOffsetsIfNecessary,
        isRunning,
        isStale,
      }) => {
        const context: HandleContext = { receivedAt: performance.now() };
        for (const message of batch.messages) {
          if (!isRunning() || isStale()) break;
          await process(batch.topic, message, context);
          resolveOffset(message.offset);
          metrics.handledUpTo(
            plainTopicOf(options, batch.topic),
            batch.partition,
            message.offset,
            batch.highWatermark,
          );
          await heartbeat();
          await commitOffsetsIfNecessary();
        }
      },
    });
    logger.info({ groupId, topics: options.topics }, 'kafka consumer running');
  }
  restartAfterCrash(consumer, run, () => stopping, logger);
  return {
    name: `kafka-consumer:${groupId}`,
    async start() {
      await ensureTopics(kafka, options.topics, options.topicOptions);
      await parker.connect();
      await run();
    },
    async stop() {
      stopping = true;
      await consumer.disconnect();
      await parker.disconnect();
    },
  };
}

/** The topic's name as the code knows it, without the namespace of this copy of the platform. */
function plainTopicOf(options: ConsumerOptions, topic: string): string {
  return options.topics.find((name) => namespaced(options.kafka, name) === topic) ?? topic;
}

/** A topic just created by another process may lack metadata for a moment; that error is retriable. */
async function subscribeWithRetries(
  consumer: Consumer,
  subscription: { topics: string[]; fromBeginning: boolean },
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await consumer.subscribe(subscription);
    } catch (error) {
      if (attempt >= 10 || !(error as { retriable?: boolean }).retriable) throw error;
      await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
    }
  }
}

async function processMessage(
  options: ConsumerOptions,
  parker: Producer,
  topic: string,
  message: KafkaMessage,
  context: HandleContext,
  logger: Logger,
): Promise<ConsumeOutcome> {
  let event: EventEnvelope;
  try {
    event = decodeEnvelope(message.value);
  } catch (error) {
    await park(parker, topic, message, error, logger);
    return 'parked';
  }
  const log = logger.child({ eventId: event.id, eventType: event.type });
  const handledEvents = options.handledEvents;
  if (handledEvents && (await handledEvents.has(options.groupId, event.id))) {
    log.debug('event already handled; skipped');
    return 'duplicate';
  }
  try {
    await options.handle(event, plainTopicOf(options, topic), log, context);
  } catch (error) {
    if (!(error instanceof PoisonEventError)) {
      log.warn({ err: error }, 'handler failed; the message will be retried');
      throw error;
    }
    await park(parker, topic, message, error, log);
    return 'parked';
  }
  await handledEvents?.add(options.groupId, event.id);
  return 'handled';
}

async function park(parker: Producer, topic: string, message: KafkaMessage, error: unknown, logger: Logger) {
  const reason = error instanceof Error ? error.message : String(error);
  logger.error({ reason }, 'poison message parked');
  await parker.send({
    topic: parkedTopicOf(topic),
    messages: [
      {
        key: message.key,
        value: message.value,
        headers: { 'parked-reason': reason, 'parked-from': `${topic}@${message.offset}` },
      },
    ],
  });
}
