import { createAuditOutbox } from '@travel/audit';
import { createMongo, createProcessedEvents } from '@travel/mongo';
import { testInfra, testLogger, uniqueName, waitFor } from '@travel/testkit';
import {
  createEventConsumer,
  createEventPublisher,
  createKafka,
  createParkedEventStore,
  type EventEnvelope,
  newEventId,
  type OutgoingEvent,
  PoisonEventError,
  parkedTopicOf,
} from '../src';

const infra = testInfra();
const logger = testLogger();
const kafka = createKafka(infra.kafkaBrokers, 'ct-events', logger);
const topic = uniqueName('ct.events');
const topicOptions = { partitions: 1, replicationFactor: 1 };
const mongo = createMongo({ url: infra.mongoUrl, database: uniqueName('ct_events'), logger });
const publisher = createEventPublisher({ kafka, topics: [topic], topicOptions, logger });
const handled: EventEnvelope[] = [];
let failOnceFor = '';

const consumer = createEventConsumer({
  kafka,
  groupId: uniqueName('ct-group'),
  topics: [topic],
  topicOptions,
  handledEvents: createProcessedEvents(mongo.connection),
  parkedEvents: createParkedEventStore(mongo.connection, 'ct', createAuditOutbox()),
  keyOrderAfterPark: 'proceed',
  retryBudget: { attempts: 3, firstDelayMs: 100, maxDelayMs: 500 },
  logger,
  async handle(event) {
    if (event.type === 'test.poison') throw new PoisonEventError('payload can never be handled');
    if (event.id === failOnceFor) {
      failOnceFor = '';
      throw new Error('transient failure');
    }
    handled.push(event);
  },
});

function event(type: string, id = newEventId()): OutgoingEvent {
  return {
    id,
    type,
    occurredAt: new Date(),
    tenantId: 'ten_1',
    clientId: 'cli_1',
    livemode: true,
    payload: Buffer.from('payload'),
    key: 'bkg_1',
  };
}

async function parkedCount(): Promise<number> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const offsets = await admin.fetchTopicOffsets(parkedTopicOf(topic));
    return offsets.reduce((sum, partition) => sum + Number(partition.high), 0);
  } finally {
    await admin.disconnect();
  }
}

beforeAll(async () => {
  await mongo.start();
  await mongo.migrate();
  await publisher.start();
  await consumer.start();
});
afterAll(async () => {
  await consumer.stop();
  await publisher.stop();
  await mongo.connection.dropDatabase();
  await mongo.stop();
});

describe('events on Kafka', () => {
  it('when events are published, then the consumer receives them in order with their envelope intact', async () => {
    const first = event('booking.created');
    const second = event('booking.cancelled');
    await publisher.publish(topic, [first, second]);
    await waitFor(
      () => expect(handled.map((e) => e.id)).toEqual(expect.arrayContaining([first.id, second.id])),
      {
        timeoutMs: 30_000,
      },
    );
    const received = handled.find((e) => e.id === first.id);
    expect(received).toMatchObject({
      type: 'booking.created',
      tenantId: 'ten_1',
      clientId: 'cli_1',
      livemode: true,
    });
    expect(Buffer.from(received?.payload ?? []).toString()).toBe('payload');
    expect(handled.findIndex((e) => e.id === first.id)).toBeLessThan(
      handled.findIndex((e) => e.id === second.id),
    );
  });

  it('when an already-handled event id arrives again, then it is skipped', async () => {
    const original = event('booking.created');
    await publisher.publish(topic, [original]);
    await waitFor(() => expect(handled.some((e) => e.id === original.id)).toBe(true), { timeoutMs: 15_000 });
    const sentinel = event('booking.created');
    await publisher.publish(topic, [event('booking.created', original.id), sentinel]);
    await waitFor(() => expect(handled.some((e) => e.id === sentinel.id)).toBe(true), { timeoutMs: 15_000 });
    expect(handled.filter((e) => e.id === original.id)).toHaveLength(1);
  });

  it('when a handler fails once, then the event is retried and handled exactly once', async () => {
    const flaky = event('booking.created');
    failOnceFor = flaky.id;
    await publisher.publish(topic, [flaky]);
    await waitFor(() => expect(handled.filter((e) => e.id === flaky.id)).toHaveLength(1), {
      timeoutMs: 30_000,
    });
    expect(failOnceFor).toBe('');
  });

  it('when a message cannot be decoded or its handler calls it poison, then it is parked and the stream goes on', async () => {
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({ topic, messages: [{ key: 'x', value: Buffer.from([0xff, 0x00, 0x13]) }] });
    await producer.disconnect();
    await publisher.publish(topic, [event('test.poison')]);
    const after = event('booking.created');
    await publisher.publish(topic, [after]);
    await waitFor(() => expect(handled.some((e) => e.id === after.id)).toBe(true), { timeoutMs: 15_000 });
    await waitFor(async () => expect(await parkedCount()).toBe(2), { timeoutMs: 10_000 });
  });
});
