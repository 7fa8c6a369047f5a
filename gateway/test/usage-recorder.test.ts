import { apiUsage } from '@travel/contracts';
import { createEventPublisher, createKafka, decodeEnvelope, namespaced } from '@travel/events';
import { testInfra, testLogger, uniqueName, waitFor } from '@travel/testkit';
import { API_USAGE_TOPIC, createUsageRecorder, type PartnerCall } from '../src/usage/usage-recorder';

const logger = testLogger();
const kafka = createKafka(testInfra().kafkaBrokers, 'ct-usage', logger, `${uniqueName('ct')}.`);
const topicOptions = { partitions: 1, replicationFactor: 1 };

/** Every `api.calls` event on the namespace's usage topic, decoded, from the beginning. */
async function readBatches(expected: number): Promise<apiUsage.ApiCalls[]> {
  const batches: apiUsage.ApiCalls[] = [];
  const consumer = kafka.consumer({ groupId: uniqueName('ct-usage-reader') });
  await consumer.connect();
  try {
    await consumer.subscribe({ topic: namespaced(kafka, API_USAGE_TOPIC), fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        batches.push(apiUsage.ApiCalls.decode(decodeEnvelope(message.value).payload));
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
});
