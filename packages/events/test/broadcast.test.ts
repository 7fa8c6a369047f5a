import { testInfra, testLogger, uniqueName, waitFor } from '@travel/testkit';
import {
  createBroadcastSubscriber,
  createEventPublisher,
  createKafka,
  type EventEnvelope,
  newEventId,
} from '../src';

const infra = testInfra();
const logger = testLogger();
const kafka = createKafka(infra.kafkaBrokers, 'ct-broadcast', logger);
const topic = uniqueName('ct.broadcast');
const topicOptions = { partitions: 2, replicationFactor: 1 };
const publisher = createEventPublisher({ kafka, topics: [topic], topicOptions, logger });
const heard: Record<'a' | 'b', string[]> = { a: [], b: [] };
const subscriber = (name: 'a' | 'b') =>
  createBroadcastSubscriber({
    kafka,
    topic,
    topicOptions,
    groupPrefix: `ct-${name}`,
    onEvent: (event: EventEnvelope) => heard[name].push(event.id),
    logger,
  });
const subscribers = [subscriber('a'), subscriber('b')];

beforeAll(async () => {
  await publisher.start();
  await Promise.all(subscribers.map((s) => s.start()));
});
afterAll(async () => {
  await Promise.all(subscribers.map((s) => s.stop()));
  await publisher.stop();
});

describe('broadcast subscriber', () => {
  it('when an event is published after start, then every subscriber hears it within a second', async () => {
    const id = newEventId();
    const sent = Date.now();
    await publisher.publish(topic, [
      {
        id,
        type: 'test.changed',
        occurredAt: new Date(),
        tenantId: '',
        clientId: '',
        livemode: false,
        payload: Buffer.alloc(0),
        key: 'k',
      },
    ]);
    await waitFor(
      () => {
        expect(heard.a).toContain(id);
        expect(heard.b).toContain(id);
      },
      { timeoutMs: 5000, intervalMs: 20 },
    );
    expect(Date.now() - sent).toBeLessThan(1000);
  });
});
