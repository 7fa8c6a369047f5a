import { EXPECTED_PARKING, runParkingScenario, SHORT_RETRY_BUDGET, uniqueName } from '@travel/testkit';
import { PROMOTIONS_CONSUMER_GROUP } from '../src/events/booking-events.consumer';
import {
  bookingJob,
  createVoucher,
  customer,
  type Promotions,
  startPromotions,
  testClock,
} from './promotions.fixture';

jest.setTimeout(180_000);

let promotions: Promotions;
beforeAll(async () => {
  promotions = await startPromotions(testClock(), SHORT_RETRY_BUDGET);
});
afterAll(() => promotions.stop());

describe('a booking event whose redemption promotions cannot confirm', () => {
  it('when one event fails for good between two good ones, then it is parked within its budget, the others are confirmed, a replay after the fix confirms it once, and undecodable bytes are parked at once and discarded', async () => {
    const voucher = await createVoucher(promotions.client, promotions.clock);
    const code = voucher.fields?.code ?? '';
    const [good1, bad, good2] = ['bkg_good_1', 'bkg_bad', 'bkg_good_2'].map((id) => uniqueName(id));
    for (const bookingId of [good1, bad, good2] as string[])
      await promotions.client.redeemVoucher({
        caller: bookingJob,
        code,
        bookingId,
        holder: customer(),
        service: 'flight',
        amount: 10_000,
      });
    const bookingOf = new Map<string, string>();
    const publish = async (bookingId: string) => {
      const eventId = await promotions.publishBooking('booking.created', bookingId);
      bookingOf.set(eventId, bookingId);
      return eventId;
    };
    const redemptions = promotions.connection.collection('voucher_redemptions');
    const report = await runParkingScenario({
      address: promotions.service.address,
      namespace: promotions.namespace,
      group: PROMOTIONS_CONSUMER_GROUP,
      topic: 'booking.events',
      connection: promotions.connection,
      refused: { collection: 'voucher_redemptions', field: 'bookingId', value: bad },
      async publishGoodBadGood() {
        const first = await publish(good1 as string);
        const badEvent = await publish(bad as string);
        return { bad: badEvent, good: [first, await publish(good2 as string)] };
      },
      publishUndecodable: () => promotions.publishUndecodable('bkg_garbage'),
      recordsOf: (eventId) =>
        redemptions.countDocuments({ bookingId: bookingOf.get(eventId), status: 'confirmed' }),
    });
    expect(report).toMatchObject(EXPECTED_PARKING);
    expect(report.parked).toMatchObject({ reason: 'budget', attempts: 3, key: bad, status: 'parked' });
  });
});
