import { createMongo } from '@travel/mongo';
import { testInfra, testLogger, uniqueName, waitFor } from '@travel/testkit';
import {
  createEventOutbox,
  createEventPublisher,
  createKafka,
  createWriteAheadOutbox,
  decodeEnvelope,
  newEventId,
  type OutgoingEvent,
  type WriteAheadOutbox,
} from '../src';

// The write-ahead outbox against the real store and Kafka: an event stored ahead of its write is published once the
// write resolves and never before it, a write that changed nothing drops it, and one whose process died mid-way is
// published by another process's scan once its hold has passed.
const infra = testInfra();
const logger = testLogger();
const kafka = createKafka(infra.kafkaBrokers, 'ct-write-ahead', logger);
const topic = uniqueName('ct.write-ahead');
const topicOptions = { partitions: 1, replicationFactor: 1 };
const publisher = createEventPublisher({ kafka, topics: [topic], topicOptions, logger });
const mongo = createMongo({ url: infra.mongoUrl, database: uniqueName('ct_ev_write_ahead'), logger });
const eventOutbox = () => createEventOutbox(mongo.connection, { collection: 'write_ahead_events' });
const HOLD_MS = 1500;
/** A replica whose relay scans often, so only the hold keeps an unreleased event back. */
const replica = (name: string): WriteAheadOutbox =>
  createWriteAheadOutbox({
    name,
    outbox: eventOutbox(),
    publisher,
    topic,
    pollMs: 100,
    rescanMs: 100,
    holdMs: HOLD_MS,
    logger,
  });
const first = replica('ct-write-ahead-a');
/** Event ids as they arrive on the topic, duplicates included. */
const heard: string[] = [];
const consumer = kafka.consumer({ groupId: uniqueName('ct-write-ahead-reader'), maxWaitTimeInMs: 100 });

const event = (): OutgoingEvent => ({
  id: newEventId(),
  type: 'test.changed',
  occurredAt: new Date(),
  tenantId: '',
  clientId: '',
  livemode: false,
  payload: Buffer.from('changed'),
  key: 'k',
});
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const timesHeard = (id: string) => heard.filter((heardId) => heardId === id).length;

beforeAll(async () => {
  await mongo.start();
  await mongo.migrate();
  await publisher.start();
  await first.job.start();
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      heard.push(decodeEnvelope(message.value).id);
    },
  });
});
afterAll(async () => {
  await consumer.disconnect();
  await first.job.stop();
  await publisher.stop();
  await mongo.connection.dropDatabase();
  await mongo.stop();
});

describe('a write-ahead outbox', () => {
  it('when a write is under way, then its event waits stored; once the write resolves it is published at once, once', async () => {
    const change = event();
    let finish: (value: string) => void = () => {};
    const writing = first.around(change, () => new Promise<string>((resolve) => (finish = resolve)));
    // Several relay passes and scans while the write is under way: nothing goes out, the event is in the store.
    await pause(600);
    expect(timesHeard(change.id)).toBe(0);
    expect(await eventOutbox().source.withPending(100)).toEqual([]);
    expect(
      await mongo.connection.collection('write_ahead_events').countDocuments({ _id: change.id as never }),
    ).toBe(1);
    finish('stored');
    await expect(writing).resolves.toBe('stored');
    const released = Date.now();
    await waitFor(() => expect(timesHeard(change.id)).toBe(1), { timeoutMs: 5000, intervalMs: 20 });
    expect(Date.now() - released).toBeLessThan(HOLD_MS);
    // Published and cleared: past its hold no scan finds it again.
    await pause(HOLD_MS + 300);
    expect(timesHeard(change.id)).toBe(1);
    expect(
      await mongo.connection.collection('write_ahead_events').countDocuments({ _id: change.id as never }),
    ).toBe(0);
  });

  it('when a write answers that it changed nothing, then its event is dropped and never published', async () => {
    const unchanged = event();
    const nothing = event();
    await expect(first.around(unchanged, async () => false)).resolves.toBe(false);
    await expect(first.around(nothing, async () => null)).resolves.toBeNull();
    const marker = event();
    await first.add(marker);
    await waitFor(() => expect(timesHeard(marker.id)).toBe(1), { timeoutMs: 5000, intervalMs: 20 });
    await pause(HOLD_MS + 300);
    expect(timesHeard(unchanged.id) + timesHeard(nothing.id)).toBe(0);
  });

  it('when the process stops between storing the event and releasing it, then another replica publishes it once its hold has passed', async () => {
    const orphan = event();
    // The first replica's write fails with its outcome unknown (as when its process dies mid-write): the event stays.
    await expect(
      first.around(orphan, async () => {
        throw new Error('connection lost mid-write');
      }),
    ).rejects.toThrow('connection lost mid-write');
    await first.job.stop();
    const other = replica('ct-write-ahead-b');
    await other.job.start();
    try {
      await waitFor(() => expect(timesHeard(orphan.id)).toBe(1), { timeoutMs: 10_000, intervalMs: 20 });
      await pause(500);
      expect(timesHeard(orphan.id)).toBe(1);
    } finally {
      await other.job.stop();
      await first.job.start();
    }
  });
});
