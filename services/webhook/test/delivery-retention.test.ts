import { createMongo } from '@travel/mongo';
import { testInfra, testLogger, uniqueName } from '@travel/testkit';
import { collections } from '../src/db/collections';
import { createDeliveryRepository } from '../src/db/delivery.repository';
import { createDeliveryRetention } from '../src/db/delivery-retention';
import type { Delivery } from '../src/domain/deliveries/delivery';
import { createSweepDeliveries } from '../src/jobs/sweep-deliveries';

// The deliveries' retention sweep against the real store (docs/retention.md): deliveries that finished longer
// ago than the retention go with their attempts, recent and pending ones stay. Time is the sweep's clock.
const mongo = createMongo({
  url: testInfra().mongoUrl,
  database: uniqueName('ct_wh_retention'),
  logger: testLogger(),
  collections,
});
const deliveries = createDeliveryRepository(mongo.connection);
const DAY_MS = 86_400_000;
let clock = new Date('2026-06-01T00:00:00Z');
const sweep = createSweepDeliveries({
  retention: createDeliveryRetention(mongo.connection),
  keepMs: 30 * DAY_MS,
  now: () => clock,
  logger: testLogger(),
});

// The index migration first, as every process's database gets it before the process starts.
beforeAll(async () => {
  await mongo.migrate();
  await mongo.start();
});
afterAll(async () => {
  await mongo.connection.dropDatabase();
  await mongo.stop();
});

const delivery = (n: number, createdAt: Date): Delivery => ({
  id: `whd_evt_${n}_1`,
  eventId: `evt_${n}`,
  eventType: 'booking.created',
  endpointId: 'whe_1',
  clientId: 7,
  body: '{}',
  status: 'pending',
  createdAt,
});

it('when the sweep runs, then deliveries that finished before the retention are deleted and recent or pending ones stay', async () => {
  const start = new Date('2026-04-01T00:00:00Z');
  await deliveries.enqueue([delivery(1, start), delivery(2, start), delivery(3, start)], start);
  await deliveries.cancel('whd_evt_1_1', new Date('2026-04-02T00:00:00Z'));
  await deliveries.cancel('whd_evt_2_1', new Date('2026-05-20T00:00:00Z'));
  // 3 stays pending (still retrying, or queued again by recover): never swept, however old.
  await sweep();
  const left = async () => (await deliveries.ofEndpoint('whe_1')).map((d) => d.id).sort();
  expect(await left()).toEqual(['whd_evt_2_1', 'whd_evt_3_1']);
  clock = new Date('2026-06-20T00:00:00Z');
  await sweep();
  expect(await left()).toEqual(['whd_evt_3_1']);
});

it('when more deliveries are due than one batch, then one pass deletes them all', async () => {
  const start = new Date('2026-01-01T00:00:00Z');
  const many = Array.from({ length: 1200 }, (_, i) => ({
    ...delivery(1000 + i, start),
    endpointId: 'whe_many',
  }));
  await deliveries.enqueue(many, start);
  await deliveries.cancelOfEndpoint('whe_many', start);
  await sweep();
  expect(await deliveries.ofEndpoint('whe_many')).toEqual([]);
}, 60_000);
