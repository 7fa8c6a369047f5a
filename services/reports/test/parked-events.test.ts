import { EXPECTED_PARKING, runParkingScenario, SHORT_RETRY_BUDGET, uniqueName } from '@travel/testkit';
import { bookingEventsOn, type Reports, reportsConfig, startReports } from './reports.fixture';

jest.setTimeout(180_000);

const namespace = uniqueName('ct-reports-parked');
let world: Reports;
let bookings: Awaited<ReturnType<typeof bookingEventsOn>>;
beforeAll(async () => {
  world = await startReports(reportsConfig(namespace, SHORT_RETRY_BUDGET));
  bookings = await bookingEventsOn(namespace);
});
afterAll(async () => {
  await bookings.stop();
  await world.stopAndDrop();
});

describe('a booking event reports cannot count', () => {
  it('when one event fails for good between two good ones, then it is parked within its budget, the others are counted, a replay after the fix counts it once, and undecodable bytes are parked at once and discarded', async () => {
    const bookingOf = new Map<string, string>();
    const publish = async (bookingId: string) => {
      const [eventId] = await bookings.publish([
        { type: 'booking.created', tenantId: 'ten_parked', bookingId, amount: 700 },
      ]);
      bookingOf.set(eventId as string, bookingId);
      return eventId as string;
    };
    const facts = world.connection.collection('sale_facts');
    const report = await runParkingScenario({
      address: world.address,
      namespace,
      group: world.config.REPORTS_CONSUMER_GROUP,
      topic: 'booking.events',
      connection: world.connection,
      refused: { collection: 'sale_facts', field: '_id', value: 'bkg_bad:booking' },
      async publishGoodBadGood() {
        const first = await publish('bkg_good_1');
        const bad = await publish('bkg_bad');
        return { bad, good: [first, await publish('bkg_good_2')] };
      },
      publishUndecodable: () => bookings.publishUndecodable('bkg_garbage'),
      recordsOf: (eventId) => facts.countDocuments({ _id: `${bookingOf.get(eventId)}:booking` } as never),
    });
    expect(report).toMatchObject(EXPECTED_PARKING);
    expect(report.parked).toMatchObject({ reason: 'budget', attempts: 3, key: 'bkg_bad', status: 'parked' });
  });
});
