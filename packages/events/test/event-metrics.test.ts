import { createAuditOutbox } from '@travel/audit';
import { metricValue } from '@travel/metrics';
import { createMongo, createProcessedEvents } from '@travel/mongo';
import { testInfra, testLogger, uniqueName, waitFor } from '@travel/testkit';
import {
  createEventConsumer,
  createEventPublisher,
  createKafka,
  createParkedEventStore,
  newEventId,
  type OutgoingEvent,
  PoisonEventError,
} from '../src';

// A real publisher and consumer group on Kafka: what they count per topic, and the group's lag once it caught up.
const infra = testInfra();
const logger = testLogger();
const kafka = createKafka(infra.kafkaBrokers, 'ct-event-metrics', logger, `${uniqueName('ct_em')}.`);
const topic = uniqueName('ct.metrics');
const group = uniqueName('ct-metrics-group');
const topicOptions = { partitions: 1, replicationFactor: 1 };
const mongo = createMongo({ url: infra.mongoUrl, database: uniqueName('ct_event_metrics'), logger });
const publisher = createEventPublisher({ kafka, topics: [topic], topicOptions, logger });
let failOnceFor = '';
const consumer = createEventConsumer({
  kafka,
  groupId: group,
  topics: [topic],
  topicOptions,
  handledEvents: createProcessedEvents(mongo.connection),
  parkedEvents: createParkedEventStore(mongo.connection, 'ct', createAuditOutbox()),
  keyOrderAfterPark: 'proceed',
  retryBudget: { attempts: 3, firstDelayMs: 100, maxDelayMs: 500 },
  logger,
  async handle(event) {
    if (event.type === 'test.poison') throw new PoisonEventError('never');
    if (event.id === failOnceFor) {
      failOnceFor = '';
      throw new Error('transient');
    }
  },
});

const event = (type: string, id = newEventId()): OutgoingEvent => ({
  id,
  type,
  occurredAt: new Date(),
  tenantId: 'ten_1',
  clientId: 'cli_1',
  livemode: true,
  payload: Buffer.from('payload'),
  key: 'bkg_1',
});
const consumed = (outcome: string) => metricValue('kafka_consumer_events_total', { group, topic, outcome });

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

it('when events are handled, retried, repeated and parked, then each outcome counts under the plain topic, and the lag ends at 0', async () => {
  const flaky = event('test.flaky');
  const repeated = event('test.ok');
  failOnceFor = flaky.id;
  await publisher.publish(topic, [event('test.ok'), flaky, repeated, { ...repeated }, event('test.poison')]);
  expect(await metricValue('kafka_producer_events_total', { topic })).toBe(5);
  await waitFor(async () => {
    expect({
      handled: await consumed('handled'),
      failed: await consumed('failed'),
      duplicate: await consumed('duplicate'),
      parked: await consumed('parked'),
    }).toEqual({ handled: 3, failed: 1, duplicate: 1, parked: 1 });
  });
  expect(await metricValue('kafka_consumer_lag', { group, topic, partition: '0' })).toBe(0);
});
