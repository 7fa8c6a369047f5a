import { createAuditOutbox } from '@travel/audit';
import { createMongo, createProcessedEvents } from '@travel/mongo';
import { testInfra, testLogger, uniqueName, waitFor } from '@travel/testkit';
import type { Producer } from 'kafkajs';
import {
  createEventConsumer,
  createKafka,
  createParkedEventStore,
  encodeEnvelope,
  ensureTopics,
  namespaced,
  newEventId,
} from '../src';

const infra = testInfra();
const logger = testLogger();
const kafka = createKafka(infra.kafkaBrokers, 'ct-partitions', logger);
const topic = uniqueName('ct.partitions');
const topicOptions = { partitions: 3, replicationFactor: 1 };
const mongo = createMongo({ url: infra.mongoUrl, database: uniqueName('ct_partitions'), logger });
const handled: Array<{ id: string; partitionOf: number; calledAt: number; receivedAt: number }> = [];
let releaseSlow: () => void = () => {};
const slowReleased = new Promise<void>((resolve) => {
  releaseSlow = resolve;
});

const consumer = createEventConsumer({
  kafka,
  groupId: uniqueName('ct-group'),
  topics: [topic],
  topicOptions,
  handledEvents: createProcessedEvents(mongo.connection),
  parkedEvents: createParkedEventStore(mongo.connection, 'ct', createAuditOutbox()),
  keyOrderAfterPark: 'proceed',
  retryBudget: { attempts: 3, firstDelayMs: 100, maxDelayMs: 500 },
  partitionsConsumedConcurrently: 3,
  logger,
  async handle(event, _topic, _logger, { receivedAt }) {
    const calledAt = performance.now();
    if (event.type === 'test.slow') await slowReleased;
    handled.push({ id: event.id, partitionOf: Number(event.clientId), calledAt, receivedAt });
  },
});

// A second topic of one partition, whose consumer handles each fetched batch by key (handleKeysAtOnce).
const laneTopic = uniqueName('ct.lanes');
const byKey: Array<{ id: string; key: string }> = [];
let releaseLane: () => void = () => {};
const laneReleased = new Promise<void>((resolve) => {
  releaseLane = resolve;
});
const laneConsumer = createEventConsumer({
  kafka,
  groupId: uniqueName('ct-lanes-group'),
  topics: [laneTopic],
  topicOptions: { ...topicOptions, partitions: 1 },
  handledEvents: createProcessedEvents(mongo.connection),
  parkedEvents: createParkedEventStore(mongo.connection, 'ct', createAuditOutbox()),
  keyOrderAfterPark: 'block',
  handleKeysAtOnce: true,
  logger,
  async handle(event) {
    if (event.type === 'test.slow') await laneReleased;
    byKey.push({ id: event.id, key: event.clientId });
  },
});
let producer: Producer;

/** Publishes straight to a partition (the publisher picks partitions by key); `key` on the lanes' topic. */
async function publishTo(partition: number, type = 'test.event', key?: string) {
  const id = newEventId();
  await producer.send({
    topic: namespaced(kafka, key ? laneTopic : topic),
    messages: [
      {
        partition,
        key,
        value: encodeEnvelope({
          id,
          type,
          occurredAt: new Date(),
          tenantId: 'ten_1',
          clientId: key ?? String(partition),
          livemode: true,
          payload: Buffer.from('payload'),
        }),
      },
    ],
  });
  return id;
}

let slow: string;
let queuedBehindSlow: string;
let others: string[];
let keyA: string[];
let keyB: string[];

// Published before the consumer starts, so that its first fetch carries all three partitions: kafkajs
// handles the batches of one fetch at once, and fetches again when all of them are done.
beforeAll(async () => {
  await mongo.start();
  await mongo.migrate();
  await ensureTopics(kafka, [topic], topicOptions);
  producer = kafka.producer();
  await producer.connect();
  slow = await publishTo(0, 'test.slow');
  queuedBehindSlow = await publishTo(0);
  others = [await publishTo(1), await publishTo(2), await publishTo(1), await publishTo(2)];
  await ensureTopics(kafka, [laneTopic], { ...topicOptions, partitions: 1 });
  keyA = [await publishTo(0, 'test.slow', 'a')];
  keyB = [await publishTo(0, 'test.event', 'b')];
  keyA.push(await publishTo(0, 'test.event', 'a'));
  keyB.push(await publishTo(0, 'test.event', 'b'));
  await Promise.all([consumer.start(), laneConsumer.start()]);
});
afterAll(async () => {
  releaseSlow();
  releaseLane();
  await producer?.disconnect();
  await Promise.all([consumer.stop(), laneConsumer.stop()]);
  await mongo.connection.dropDatabase();
  await mongo.stop();
});

describe('a consumer of partitions at once', () => {
  it('when one partition waits on a slow event, then the other partitions of the fetch go on, and each partition stays in order', async () => {
    await waitFor(() => expect(handled.map((h) => h.id)).toEqual(expect.arrayContaining(others)), {
      timeoutMs: 30_000,
    });
    expect(handled.map((h) => h.id)).not.toContain(slow);
    expect(handled.map((h) => h.id)).not.toContain(queuedBehindSlow);
    for (const partition of [1, 2])
      expect(handled.filter((h) => h.partitionOf === partition).map((h) => h.id)).toEqual(
        others.filter((_, i) => i % 2 === partition - 1),
      );

    releaseSlow();
    await waitFor(() =>
      expect(handled.filter((h) => h.partitionOf === 0).map((h) => h.id)).toEqual([slow, queuedBehindSlow]),
    );
    // Each handler is told a moment by which its event had arrived (what a cache may be checked against).
    for (const call of handled) expect(call.receivedAt).toBeLessThanOrEqual(call.calledAt);
  });
});

describe('a consumer that handles a batch by key', () => {
  it('when one key waits on a slow event, then the other key of the same partition goes on, and each key stays in order', async () => {
    await waitFor(() => expect(byKey.map((h) => h.id)).toEqual(keyB), { timeoutMs: 30_000 });
    releaseLane();
    await waitFor(() => expect(byKey.filter((h) => h.key === 'a').map((h) => h.id)).toEqual(keyA));
    expect(byKey.map((h) => h.id)).toEqual([...keyB, ...keyA]);
  });
});
