import { apiUsage } from '@travel/contracts';
import { createEventPublisher, createKafka, decodeEnvelope, namespaced } from '@travel/events';
import { documented, testInfra, testLogger, uniqueName, waitFor } from '@travel/testkit';
import { API_USAGE_TOPIC, createUsageRecorder, type PartnerCall } from '../src/usage/usage-recorder';

const logger = testLogger();
/** A Kafka namespace of one test's own, so that each reads only its own usage events. */
const freshKafka = () => createKafka(testInfra().kafkaBrokers, 'ct-usage', logger, `${uniqueName('ct')}.`);
const kafka = freshKafka();
const topicOptions = { partitions: 1, replicationFactor: 1 };

/** Every `api.calls` event on the namespace's usage topic, decoded, from the beginning. */
async function readBatches(expected: number, from = kafka): Promise<apiUsage.ApiCalls[]> {
  const batches: apiUsage.ApiCalls[] = [];
  const kafka = from;
  const consumer = kafka.consumer({ groupId: uniqueName('ct-usage-reader') });
  await consumer.connect();
  try {
    await consumer.subscribe({ topic: namespaced(kafka, API_USAGE_TOPIC), fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const envelope = decodeEnvelope(message.value);
        expect(envelope.type).toBe('api.calls');
        batches.push(apiUsage.ApiCalls.decode(envelope.payload));
      },
    });
    await waitFor(() => expect(batches.length).toBeGreaterThanOrEqual(expected), { timeoutMs: 30_000 });
    return batches;
  } finally {
    await consumer.disconnect();
  }
}

const call = (overrides: Partial<PartnerCall> = {}): PartnerCall => ({
  at: new Date('2026-03-01T23:59:59Z'),
  clientId: 7,
  keyId: 'key_7',
  method: 'GET',
  route: '/api/v1/bookings/:id',
  status: 200,
  latencyMs: 2,
  ...overrides,
});

describe('gateway usage recorder on Kafka', () => {
  it('when partner calls are recorded, then one event carries their totals per day, client, key, method and route', async () => {
    const publisher = createEventPublisher({ kafka, topics: [API_USAGE_TOPIC], topicOptions, logger });
    await publisher.start();
    const usage = createUsageRecorder({
      publisher,
      flushIntervalMs: 60_000,
      batchSize: 2,
      maxBuffered: 100,
      logger,
    });
    await usage.start();
    usage.record(call());
    usage.record(call({ status: 404, latencyMs: 5 }));
    usage.record(call({ status: 503, latencyMs: 1 }));
    usage.record(call({ at: new Date('2026-03-02T00:00:00Z') }));
    usage.record(call({ method: 'POST', route: '/api/v1/bookings', status: 201, latencyMs: 40 }));
    await usage.stop();
    await publisher.stop();

    const totals = (await readBatches(2)).flatMap((batch) => batch.totals);
    expect(totals).toEqual([
      {
        day: '2026-03-01',
        clientId: 7,
        keyId: 'key_7',
        method: 'GET',
        route: '/api/v1/bookings/:id',
        requests: 3,
        clientErrors: 1,
        serverErrors: 1,
        latencySumMs: 8,
        latencyMaxMs: 5,
      },
      {
        day: '2026-03-02',
        clientId: 7,
        keyId: 'key_7',
        method: 'GET',
        route: '/api/v1/bookings/:id',
        requests: 1,
        clientErrors: 0,
        serverErrors: 0,
        latencySumMs: 2,
        latencyMaxMs: 2,
      },
      {
        day: '2026-03-01',
        clientId: 7,
        keyId: 'key_7',
        method: 'POST',
        route: '/api/v1/bookings',
        requests: 1,
        clientErrors: 0,
        serverErrors: 0,
        latencySumMs: 40,
        latencyMaxMs: 40,
      },
    ]);
  });

  it('when a route is called 10,000 times within a flush interval, then the interval sends one total for them, without a stop', async () => {
    documented(
      'docs/access.md',
      'A key calling one route 10,000 times a second is one total a second, not 10,000 messages for Kafka and identity to carry.',
    );
    documented(
      'docs/access.md',
      'every `USAGE_FLUSH_MS` (default 1 s) sends the totals as `api.calls` events on `api.usage`',
    );
    const own = freshKafka();
    const publisher = createEventPublisher({ kafka: own, topics: [API_USAGE_TOPIC], topicOptions, logger });
    await publisher.start();
    const usage = createUsageRecorder({ publisher, flushIntervalMs: 1000, logger });
    await usage.start();
    try {
      for (let i = 0; i < 10_000; i++) usage.record(call({ latencyMs: i % 7 }));
      const [batch] = await readBatches(1, own);
      expect(batch?.totals.map((total) => [total.route, total.requests, total.latencyMaxMs])).toEqual([
        ['/api/v1/bookings/:id', 10_000, 6],
      ]);
    } finally {
      await usage.stop();
      await publisher.stop();
    }
  });

  it('when more than 100,000 totals wait, then the oldest is dropped and the rest go out 5,000 an event', async () => {
    documented(
      'docs/access.md',
      'The gateway counts calls in memory, one total per UTC day, client, key, method and route, and every `USAGE_FLUSH_MS` (default 1 s) sends the totals as `api.calls` events on `api.usage` (at most 5,000 totals an event); a request never waits for Kafka.',
    );
    const own = freshKafka();
    const publisher = createEventPublisher({ kafka: own, topics: [API_USAGE_TOPIC], topicOptions, logger });
    await publisher.start();
    // The gateway's own sizes: the defaults.
    const usage = createUsageRecorder({ publisher, flushIntervalMs: 60_000, logger });
    await usage.start();
    for (let key = 0; key <= 100_000; key++) usage.record(call({ keyId: `key_${key}` }));
    await usage.stop();
    await publisher.stop();

    const batches = await readBatches(20, own);
    expect(batches.map((batch) => batch.totals.length)).toEqual(Array(20).fill(5000));
    const keys = batches.flatMap((batch) => batch.totals.map((total) => total.keyId));
    expect(new Set(keys).size).toBe(100_000);
    expect(keys).not.toContain('key_0');
    expect(keys).toContain('key_100000');
  });

  it('when Kafka refuses a flush, then its totals are kept (the oldest dropped past the bound) and added to the next flush', async () => {
    documented(
      'docs/access.md',
      "If Kafka refuses, the totals are kept (at most 100,000) and added to the next flush's.",
    );
    const own = freshKafka();
    const publisher = createEventPublisher({ kafka: own, topics: [API_USAGE_TOPIC], topicOptions, logger });
    // Not connected yet: every publish is refused.
    const usage = createUsageRecorder({ publisher, flushIntervalMs: 60_000, maxBuffered: 3, logger });
    await usage.start();
    usage.record(call({ keyId: 'key_1' }));
    usage.record(call({ keyId: 'key_2' }));
    usage.record(call({ keyId: 'key_2' }));
    await usage.stop(); // the flush is refused; nothing is thrown at the caller
    usage.record(call({ keyId: 'key_2' }));
    usage.record(call({ keyId: 'key_3' }));
    usage.record(call({ keyId: 'key_4' })); // a fourth total: the oldest (key_1) goes
    await publisher.start();
    try {
      await usage.stop();
    } finally {
      await publisher.stop();
    }
    const [batch] = await readBatches(1, own);
    expect(batch?.totals.map((total) => [total.keyId, total.requests])).toEqual([
      ['key_2', 3],
      ['key_3', 1],
      ['key_4', 1],
    ]);
  });
});
