import { createMongo } from '@travel/mongo';
import { testInfra, testLogger, uniqueName } from '@travel/testkit';
import { createDeliveryQueue } from '../src/db/delivery-queue';

// The dispatcher's backlog as the metrics scrape reads it, on the real store: deliveries due now, and how late
// the longest-waiting one is. A delivery scheduled for later, or finished, is no backlog.
const infra = testInfra();
const database = uniqueName('ct_webhook_queue');
const mongo = createMongo({ url: infra.mongoUrl, database, logger: testLogger() });
const NOW = new Date('2027-03-01T12:00:00Z');
const queue = createDeliveryQueue(mongo.connection, () => NOW);

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

beforeAll(() => mongo.start());
afterAll(async () => {
  await mongo.connection.dropDatabase();
  await mongo.stop();
});

it('when nothing is due, then the queue is empty and its oldest is 0 s late; when two are due, then 2 and the later one', async () => {
  await mongo.connection
    .collection('webhook_deliveries')
    .insertMany([
      delivery('later', 'pending', ago(-60)),
      delivery('done', 'acknowledged', ago(600)),
    ] as never[]);
  expect({ due: await queue.dueCount(), late: await queue.oldestDueSeconds() }).toEqual({ due: 0, late: 0 });

  await mongo.connection
    .collection('webhook_deliveries')
    .insertMany([delivery('a', 'pending', ago(5)), delivery('b', 'pending', ago(240))] as never[]);
  expect({ due: await queue.dueCount(), late: await queue.oldestDueSeconds() }).toEqual({
    due: 2,
    late: 240,
  });
});
