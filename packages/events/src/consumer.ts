import type { Logger } from '@travel/logger';
import type { Consumer, KafkaMessage, Producer } from 'kafkajs';
import { createBlockedKeys } from './blocked-keys';
import type { ConsumerOptions, HandleContext, KeyOrderAfterPark } from './consumer-options';
import { consumerMetrics } from './event-metrics';
import { handleOnce } from './handle-once';
import { namespaced } from './kafka-client';
import { consumeInKeyLanes } from './key-lanes';
import type { ParkedEvent } from './parked-events';
import { type ParkInput, parkMessage } from './parking';
import { restartAfterCrash } from './restart-after-crash';
import { createRetryTracker, DEFAULT_RETRY_BUDGET } from './retry-budget';
import { ensureTopics } from './topics';
import { traceConsume } from './trace-messages';
import { type BatchControls, waitInPlace } from './wait-in-place';

export type { ConsumerOptions, HandleContext, HandledEvents, KeyOrderAfterPark } from './consumer-options';
export { PoisonEventError } from './poison';

export interface EventConsumer {
  name: string;
  group: string;
  keyOrderAfterPark: KeyOrderAfterPark;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Runs a parked event's handler once more, in this process; throws what it throws. */
  replay(parked: ParkedEvent, logger: Logger): Promise<void>;
}

/**
 * Handled offsets are committed at most once a second per group (and when the consumer stops or the group
 * rebalances), not after every fetch: under load a fetch often brings one message, and the commit after it
 * was half of the broker's requests (3 of 6.3 per booking). Needs our kafkajs patch, which makes the commit
 * after a batch honour `autoCommitInterval`. A crash redelivers at most the last second, which every consumer
 * handles idempotently (docs/decisions/events.md "Events").
 */
const COMMIT_EVERY_MS = 1000;

/**
 * A consumer group that decodes envelopes, skips ids it already handled, retries a failing event in place
 * within its retry budget and then parks it in the service's database, so one event never blocks its
 * partition for good (docs/architecture.md, "Events"). Each fetched batch is handled message by message, each
 * offset resolved after its message (handled or parked), exactly as kafkajs' own `eachMessage` does; the
 * batch form lets the handler know when the batch arrived and lets a retry heartbeat while it waits. With
 * `handleKeysAtOnce`, a batch's keys are handled at once instead, each key's messages still in order
 * (key-lanes.ts), and an offset moves only past messages that are all done.
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
  const store = options.parkedEvents;
  const metrics = consumerMetrics(groupId, store);
  const blocked = createBlockedKeys(store, groupId);
  const budget = options.retryBudget ?? DEFAULT_RETRY_BUDGET;
  const now = options.now ?? (() => new Date());
  const stopping = new AbortController();
  consumer.on(consumer.events.GROUP_JOIN, () => {
    metrics.forgetLag();
    blocked.forget();
  });

  /** Parks, counts, and blocks the key where the group keeps per-key order; false when interrupted. */
  async function park(input: ParkInput, batch: BatchControls, log: Logger): Promise<boolean> {
    const stopped = stopping.signal;
    if (!(await parkMessage({ store, parker, kafka, group: groupId, input, batch, stopped, log })))
      return false;
    metrics.parked(input.topic, input.reason);
    if (options.keyOrderAfterPark === 'block' && input.message.key)
      blocked.add(input.topic, input.message.key.toString());
    return true;
  }

  /** One message to its end: handled, skipped, or parked; false when the consumer stopped or lost the partition first. */
  async function consume(
    topic: string,
    partition: number,
    message: KafkaMessage,
    context: HandleContext,
    batch: BatchControls,
  ): Promise<boolean> {
    const log = logger.child({ topic, offset: message.offset });
    const key = message.key?.toString() ?? null;
    const where = { topic, partition, message };
    if (options.keyOrderAfterPark === 'block') {
      const blocker = await blocked.blockerOf(topic, key);
      if (blocker) {
        const at = now();
        const history = {
          attempts: 0,
          firstFailedAt: at,
          lastFailedAt: at,
          lastError: `${blocker} of key ${key} is parked`,
        };
        return park({ ...where, reason: 'blocked', history }, batch, log);
      }
    }
    const tracker = createRetryTracker(budget, now);
    for (;;) {
      try {
        const outcome = await traceConsume(namespaced(kafka, topic), message.headers, () =>
          handleOnce(options, topic, message.value, context, log),
        );
        metrics.consumed(topic, outcome);
        return true;
      } catch (error) {
        const { next, history } = tracker.failed(error);
        if ('park' in next) return park({ ...where, reason: next.park, history }, batch, log);
        metrics.retried(topic);
        log.warn(
          { err: error, attempts: history.attempts, retryInMs: next.retryInMs },
          'handler failed; retrying in place',
        );
        if (!(await waitInPlace(next.retryInMs, batch, stopping.signal))) return false;
      }
    }
  }

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
      // Offsets are resolved one message at a time below: a batch cut short (stop, rebalance, a retry
      // interrupted) must not count its unfinished messages as done.
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
        const controls: BatchControls = { heartbeat, isRunning, isStale };
        const topic = plainTopicOf(options, batch.topic);
        if (options.keyOrderAfterPark === 'block') await blocked.ready();
        const consumeOne = async (message: KafkaMessage) =>
          isRunning() && !isStale() && consume(topic, batch.partition, message, context, controls);
        const handledUpTo = async (message: KafkaMessage) => {
          resolveOffset(message.offset);
          metrics.handledUpTo(topic, batch.partition, message.offset, batch.highWatermark);
          await heartbeat();
          await commitOffsetsIfNecessary();
        };
        if (options.handleKeysAtOnce) {
          await consumeInKeyLanes(batch.messages, consumeOne, handledUpTo);
          return;
        }
        for (const message of batch.messages) {
          if (!(await consumeOne(message))) break;
          await handledUpTo(message);
        }
      },
    });
    logger.info({ groupId, topics: options.topics }, 'kafka consumer running');
  }
  restartAfterCrash(consumer, run, () => stopping.signal.aborted, logger);
  return {
    name: `kafka-consumer:${groupId}`,
    group: groupId,
    keyOrderAfterPark: options.keyOrderAfterPark,
    async start() {
      await ensureTopics(kafka, options.topics, options.topicOptions);
      await parker.connect();
      await run();
    },
    async stop() {
      stopping.abort();
      await consumer.disconnect();
      await parker.disconnect();
    },
    async replay(parked, log) {
      const context: HandleContext = { receivedAt: performance.now() };
      const outcome = await handleOnce(options, parked.topic, parked.value, context, log);
      metrics.consumed(parked.topic, outcome);
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
