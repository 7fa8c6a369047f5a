import { createMongo } from '@travel/mongo';
import { testInfra, testLogger, uniqueName } from '@travel/testkit';
import { createDeliveryRepository } from '../src/db/delivery.repository';
import { createEndpointRepository } from '../src/db/endpoint.repository';
import { createAutoDisable, ENDPOINT_BATCH } from '../src/jobs/auto-disable-endpoints';

// The auto-disable pass reads the endpoints in batches (memory bounded however many clients have endpoints)
// and still reaches every one: the failing endpoint here sorts after the first batch.
const mongo = createMongo({
  url: testInfra().mongoUrl,
  database: uniqueName('ct_webhook_batches'),
  logger: testLogger(),
});

beforeAll(async () => {
  await mongo.start();
  await mongo.migrate();
});
afterAll(async () => {
  await mongo.connection.dropDatabase();
  await mongo.stop();
});

const HOUR_AGO = new Date(Date.now() - 3_600_000);
const endpointDoc = (n: number) => ({
  _id: `whe_batch_${String(n).padStart(4, '0')}`,
  slot: n % 10,
  clientId: 8000 + Math.floor(n / 10),
  tenantId: null,
  environment: 'live',
  url: `https://hooks.example/${n}`,
  events: [],
  status: 'active',
  secret: 'sealed:v1:test',
  createdAt: HOUR_AGO,
});

describe('auto-disable in batches', () => {
  it('when more endpoints are active than one batch holds, then the pass reaches the last one, disables it and hands its notice over', async () => {
    const count = 2 * ENDPOINT_BATCH + 1;
    await mongo.connection
      .collection('webhook_endpoints')
      .insertMany(Array.from({ length: count }, (_, n) => endpointDoc(n)) as never[]);
    const last = endpointDoc(count - 1)._id;
    await mongo.connection.collection('webhook_deliveries').insertOne({
      _id: 'whd_batch_last',
      endpointId: last,
      status: 'failed',
      createdAt: HOUR_AGO,
      attempts: [{ number: 1, at: HOUR_AGO, statusCode: 500, durationMs: 5, acknowledged: false }],
    } as never);
    const notified: string[] = [];
    const autoDisable = createAutoDisable({
      endpoints: createEndpointRepository(mongo.connection),
      deliveries: createDeliveryRepository(mongo.connection),
      afterMs: 60_000,
      notify: async (endpoint) => {
        notified.push(endpoint.id);
      },
      now: () => new Date(),
      logger: testLogger(),
    });
    await autoDisable();
    const disabled = await mongo.connection
      .collection('webhook_endpoints')
      .find({ status: 'disabled' }, { projection: { _id: 1, notice: 1 } })
      .toArray();
    expect(disabled).toEqual([{ _id: last, notice: 'sent' }]);
    expect(notified).toEqual([last]);
  });
});
