import { randomBytes } from 'node:crypto';
import type { Logger } from '@travel/logger';
import type { Consumer, Kafka } from 'kafkajs';
import { decodeEnvelope, type EventEnvelope } from './envelope';
import { KAFKA_RETRY, namespaced } from './kafka-client';
import { restartAfterCrash } from './restart-after-crash';
import { ensureTopics, LEADER_WAIT_MS, type TopicOptions } from './topics';

export interface BroadcastOptions {
  kafka: Kafka;
  topic: string;
  topicOptions: TopicOptions;
  /** Prefix of the per-process consumer group, e.g. `gateway`. */
  groupPrefix: string;
  onEvent(event: EventEnvelope): void;
  /**
   * Called when the subscriber starts again after a crash (a broker outage): events published meanwhile
   * may not be heard, so whatever they would have dropped is dropped now.
   */
  onGap?(): void;
  logger: Logger;
}

export interface BroadcastSubscriber {
  name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Every process hears every event: each subscriber is its own consumer group, starting at the end of
 * the topic. For cache invalidation, where a missed past event does not matter but a new one must reach
 * every replica. `start()` resolves only once the group has joined, so nothing published after it is lost.
 */
/**
 * An idle subscriber's requests: one fetch a second and a heartbeat every three (a 100 ms fetch wait and a heartbeat a
 * second cost an idle platform of 13 processes about 10 % of a core, broker included; docs/decisions/events.md).
 */
const BROADCAST_FETCH_WAIT_MS = 1000;
const BROADCAST_HEARTBEAT_MS = 3000;
/** `stop()` ends once the consumer has made no request for this long (at most `STOP_QUIET_LIMIT_MS`). */
const STOP_QUIET_MS = 300;
const STOP_QUIET_LIMIT_MS = 10_000;

export function createBroadcastSubscriber(options: BroadcastOptions): BroadcastSubscriber {
  const { kafka, topic, logger } = options;
  const groupId = namespaced(kafka, `${options.groupPrefix}-${randomBytes(6).toString('hex')}`);
  let stopped = false;
  // While start() retries a failed join itself, a crash must not also schedule a restart.
  let starting = false;
  const consumer: Consumer = kafka.consumer({
    groupId,
    sessionTimeout: 10_000,
    // The group has one member (this process): a heartbeat only keeps it alive, it never learns of a rebalance.
    heartbeatInterval: BROADCAST_HEARTBEAT_MS,
    // A long poll: the broker answers a fetch as soon as an event arrives (kafkajs asks for one byte at least), so
    // the wait only bounds an idle fetch, and `stop()` (kafkajs ends its fetch before it disconnects).
    maxWaitTimeInMs: BROADCAST_FETCH_WAIT_MS,
    // After a broker outage kafkajs restarts a crashed consumer on a timer; once stopped, it must not.
    retry: { ...KAFKA_RETRY, restartOnFailure: async () => !stopped },
  });
  // A consumer that crashed (the broker went away) restarts on a timer, and kafkajs's disconnect does not stop
  // a start already in flight: it joins and fetches afterwards. So `stop()` disconnects until the consumer
  // has been quiet (no request to the broker) for a moment, disconnecting again whatever rejoined meanwhile.
  let lastActivity = 0;
  consumer.on(consumer.events.REQUEST, () => {
    lastActivity = Date.now();
  });
  consumer.on(consumer.events.GROUP_JOIN, () => {
    lastActivity = Date.now();
  });
  const run = async () => {
    await consumer.connect();
    await consumer.subscribe({ topics: [namespaced(kafka, topic)], fromBeginning: false });
    await consumer.run({
      eachMessage: async ({ message }) => {
        try {
          options.onEvent(decodeEnvelope(message.value));
        } catch (error) {
          logger.warn({ err: error, topic, offset: message.offset }, 'undecodable broadcast event ignored');
        }
      },
    });
  };
  /**
   * One attempt to join with the start pinned to the end offsets as they are now (the group is new, so
   * "latest" would be resolved at its first fetch, after the join: an event published in between would be
   * skipped). Resolves with the error when the consumer crashed while starting, `undefined` once joined.
   */
  const startPinnedAtEnd = async (fullTopic: string): Promise<unknown> => {
    const startOffsets = await endOffsetsOf(kafka, fullTopic);
    let crash: unknown;
    const removeCrashListener = consumer.on(consumer.events.CRASH, ({ payload }) => {
      crash ??= payload.error;
    });
    try {
      await run();
    } finally {
      removeCrashListener();
    }
    if (crash !== undefined) return crash;
    for (const { partition, offset } of startOffsets) consumer.seek({ topic: fullTopic, partition, offset });
    return undefined;
  };
  restartAfterCrash(
    consumer,
    async () => {
      await run();
      options.onGap?.();
    },
    () => stopped || starting,
    logger,
  );
  return {
    name: `kafka-broadcast:${topic}`,
    async start() {
      await ensureTopics(kafka, [topic], options.topicOptions);
      const fullTopic = namespaced(kafka, topic);
      const deadline = Date.now() + LEADER_WAIT_MS;
      starting = true;
      try {
        for (;;) {
          const crash = await startPinnedAtEnd(fullTopic);
          if (crash === undefined) break;
          // kafkajs caught the failure inside run() (the group is gone, so there is nothing to pin the start
          // on): cancel its own timed restart, then try the whole start again, as long as the wait for leaders.
          await consumer.disconnect();
          if (Date.now() > deadline) throw crash;
          logger.warn({ err: crash, groupId, topic }, 'broadcast subscriber failed to join; trying again');
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      } finally {
        starting = false;
      }
      logger.info({ groupId, topic }, 'broadcast subscriber joined');
    },
    async stop() {
      stopped = true;
      const giveUpAt = Date.now() + STOP_QUIET_LIMIT_MS;
      do {
        await consumer.disconnect();
        await new Promise((resolve) => setTimeout(resolve, STOP_QUIET_MS));
      } while (Date.now() - lastActivity < STOP_QUIET_MS && Date.now() < giveUpAt);
    },
  };
}

async function endOffsetsOf(kafka: Kafka, topic: string): Promise<{ partition: number; offset: string }[]> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    // A broker that has just (re)started may answer "not the leader" for a while: retriable, so retried as
    // long as the wait for topic leaders.
    const deadline = Date.now() + LEADER_WAIT_MS;
    for (;;) {
      try {
        const offsets = await admin.fetchTopicOffsets(topic);
        return offsets.map(({ partition, high }) => ({ partition, offset: high }));
      } catch (error) {
        const retriable = (error as { retriable?: unknown }).retriable === true;
        if (!retriable || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } finally {
    await admin.disconnect();
  }
}
