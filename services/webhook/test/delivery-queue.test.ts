import { metricValue } from '@travel/metrics';
import { createMongo } from '@travel/mongo';
import { testInfra, testLogger, uniqueName } from '@travel/testkit';
import { createDeliveryQueue } from '../src/db/delivery-queue';
import { observeDeliveryQueue } from '../src/jobs/delivery/delivery-metrics';

// The dispatcher's backlog as the metrics scrape reads it, on the real store: deliveries due now, and how late
// the longest-waiting one is (the outbox gauge every outbox has). A delivery scheduled for later, or finished,
// is no backlog.
const infra = testInfra();
const database = uniqueName('ct_webhook_queue');
const mongo = createMongo({ url: infra.mongoUrl, database, logger: testLogger() });
const NOW = new Date('2027-03-01T12:00:00Z');
observeDeliveryQueue(
  createDeliveryQueue(mongo.connection, () => NOW),
  () => NOW,
);
const OUTBOX = { outbox: 'webhook-deliveries' };

const delivery = (id: string, status: string, dueAt: Date) => ({
  _id: id,
  eventId: `evt_${id}`,
  eventType: 'booking.created',
  endpointId: 'whk_1',
  clientId: 1,
  body: '{}',
  status,
  createdAt: dueAt,
  number: 1,
  dueAt,
  attempts: [],
});
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);
const backlog = async () => ({
  due: await metricValue('webhook_delivery_queue_depth'),
  late: await metricValue('outbox_oldest_pending_seconds', OUTBOX),
});

beforeAll(async () => {
  await mongo.start();
  await mongo.migrate();
});
afterAll(async () => {
  await mongo.connection.dropDatabase();
  await mongo.stop();
});

it('when nothing is due, then the queue is empty and 0 s late; when two are due, then 2 and the later one; once attempted, 0 again', async () => {
  const collection = mongo.connection.collection('webhook_deliveries');
  await collection.insertMany([
    delivery('later', 'pending', ago(-60)),
    delivery('done', 'acknowledged', ago(600)),
  ] as never[]);
  expect(await backlog()).toEqual({ due: 0, late: 0 });

  await collection.insertMany([
    delivery('a', 'pending', ago(5)),
    delivery('b', 'pending', ago(240)),
  ] as never[]);
  expect(await backlog()).toEqual({ due: 2, late: 240 });

  // Handed on: one acknowledged, the other's retry scheduled for later.
  await collection.updateOne({ _id: 'a' as never }, { $set: { status: 'acknowledged' } });
  await collection.updateOne({ _id: 'b' as never }, { $set: { dueAt: ago(-30), number: 2 } });
  expect(await backlog()).toEqual({ due: 0, late: 0 });
});
