import { EXPECTED_PARKING, runParkingScenario, SHORT_RETRY_BUDGET } from '@travel/testkit';
import { BILLING_CONSUMER_GROUP } from '../src/events/booking-events.consumer';
import { type Billing, newTenant, startBilling } from './billing.fixture';

jest.setTimeout(180_000);

let world: Billing;
beforeAll(async () => {
  world = await startBilling(SHORT_RETRY_BUDGET);
});
afterAll(() => world.stop());

describe('a booking event billing cannot record', () => {
  it('when one event fails for good between two good ones, then it is parked within its budget, the others are recorded, a replay after the fix records it once, and undecodable bytes are parked at once and discarded', async () => {
    const tenantId = newTenant();
    const bookingOf = new Map<string, string>();
    const publish = async (bookingId: string) => {
      const eventId = await world.publishBooking({
        type: 'booking.created',
        tenantId,
        bookingId,
        amount: 500,
      });
      bookingOf.set(eventId, bookingId);
      return eventId;
    };
    const lines = world.db.collection('invoice_lines');
    const report = await runParkingScenario({
      address: world.address,
      namespace: world.namespace,
      group: BILLING_CONSUMER_GROUP,
      topic: 'booking.events',
      connection: world.db,
      refused: { collection: 'invoice_lines', field: 'bookingId', value: 'bkg_bad' },
      async publishGoodBadGood() {
        const first = await publish('bkg_good_1');
        const bad = await publish('bkg_bad');
        return { bad, good: [first, await publish('bkg_good_2')] };
      },
      publishUndecodable: () => world.publishUndecodable('bkg_garbage'),
      recordsOf: (eventId) => lines.countDocuments({ tenantId, bookingId: bookingOf.get(eventId) }),
    });
    expect(report).toMatchObject(EXPECTED_PARKING);
    expect(report.parked).toMatchObject({ reason: 'budget', attempts: 3, key: 'bkg_bad', status: 'parked' });
  });
});
