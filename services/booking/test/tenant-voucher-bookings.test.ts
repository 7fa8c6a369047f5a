import { adminBooking, bookingEvents } from '@travel/contracts';
import { createServiceClient, freePort, uniqueName, waitFor, wireCallers } from '@travel/testkit';
import {
  bookingEnv,
  caller,
  listenToBookingEvents,
  platformStaff,
  type SearchAndPricing,
  startSearchAndPricing,
} from './booking.fixture';
import { spawnBooking } from './booking-process';
import { startPromotions } from './storefront.fixture';

// A voucher on a tenant's offline booking (issue 13): redeemed under the attempt, confirmed by the booking
// or, when it died after the write, by promotions from `booking.created`; given back by the cancel.
let world: SearchAndPricing;
let promotions: Awaited<ReturnType<typeof startPromotions>>;
let events: Awaited<ReturnType<typeof listenToBookingEvents>>;
const namespace = `${uniqueName('ct_bk_tvoucher')}.`;
const bookingDatabase = uniqueName('ct_bk_tvoucher');

beforeAll(async () => {
  world = await startSearchAndPricing();
  promotions = await startPromotions(namespace);
  events = await listenToBookingEvents(namespace);
});
afterAll(async () => {
  await events?.stop();
  await promotions?.stop();
  await world?.stop();
});

const adminClient = (address: string) =>
  createServiceClient(adminBooking.AdminBookingServiceDefinition, address, { deadlineMs: 20_000 });

const newVoucher = (maxRedemptions: number) => promotions.newVoucher({ amount: 400, maxRedemptions });

const redeemedCount = async (voucherId: string) =>
  (
    await promotions.client.listPromotions({
      caller: wireCallers.platformStaff(['vouchers']),
      kind: 'voucher',
      limit: 100,
    })
  ).promotions.find((p) => p.id === voucherId)?.redeemedCount;

function tenantRequest(
  tenantId: string,
  offerToken: string,
  voucherCode: string,
): adminBooking.CreateOfflineBookingRequest {
  return {
    tenantId,
    caller: platformStaff,
    idempotencyKey: uniqueName('tv'),
    requestFingerprint: 'd'.repeat(64),
    offerToken,
    contact: { name: 'Asha Rao', email: 'asha@example.com' },
    travellers: [],
    voucherCode,
  };
}

describe("vouchers on a tenant's offline booking", () => {
  it('when booking dies right after writing it and nobody retries, then promotions confirms the redemption from booking.created; a retry replays it and redeems nothing more', async () => {
    const settings = {
      ...bookingEnv(world, bookingDatabase, namespace),
      GRPC_PORT: String(await freePort()),
      PROMOTIONS_ADDRESS: promotions.address,
    };
    const tenantId = uniqueName('ten_v');
    const voucher = await newVoucher(2);
    const offer = await world.flightOffer(caller(1, tenantId));
    const request = tenantRequest(tenantId, offer.token, voucher.code.toLowerCase());
    const doomed = await spawnBooking({ ...settings, BOOKING_CRASH_AT: 'after-booking-write' });
    await expect(adminClient(doomed.address).createOfflineBooking(request)).rejects.toMatchObject({
      code: 'service_unavailable',
    });
    expect(await doomed.exited).toBe('SIGKILL');

    // The restarted relay publishes the booking's booking.created; promotions binds the reservation to it.
    const restarted = await spawnBooking(settings);
    try {
      const admin = adminClient(restarted.address);
      const { bookings } = await admin.listAdminBookings({
        caller: platformStaff,
        scope: { all: false, tenantId },
        limit: 10,
      });
      expect(bookings).toHaveLength(1);
      const bookingId = bookings[0]?.booking?.id ?? '';
      expect(bookings[0]).toMatchObject({
        channel: 'offline',
        discount: { code: voucher.code, amount: 400, total: offer.total - 400 },
      });
      const created = await waitFor(
        () => {
          const created = events.heard
            .filter((e) => e.type === 'booking.created')
            .map((e) => bookingEvents.BookingEvent.decode(e.payload))
            .find((payload) => payload.id === bookingId);
          if (!created) throw new Error('booking.created not heard yet');
          return created;
        },
        { timeoutMs: 15_000, intervalMs: 200 },
      );
      expect(created.discount).toBe(400);
      expect(created.voucherReservationKey).toMatch(/\S/);
      expect(created.hasVoucher).toBe(true);
      await waitFor(
        async () => {
          const { redemption } = await promotions.client.confirmRedemption({
            caller: wireCallers.job('booking.test'),
            bookingId,
          });
          expect(redemption).toMatchObject({ bookingId, status: 'confirmed', discount: 400 });
        },
        { timeoutMs: 15_000, intervalMs: 250 },
      );

      const again = await admin.createOfflineBooking(request);
      expect(again).toMatchObject({ replayed: true, booking: { booking: { id: bookingId } } });
      expect(await redeemedCount(voucher.id)).toBe(1);

      // Cancelled by its tenant's staff: the redemption comes back; another tenant does not find it.
      await expect(
        admin.cancelOfflineBooking({ caller: wireCallers.tenantStaff('ten_other', []), id: bookingId }),
      ).rejects.toMatchObject({ code: 'not_found' });
      const cancelled = await admin.cancelOfflineBooking({
        caller: wireCallers.tenantStaff(tenantId, []),
        id: bookingId,
      });
      expect(cancelled.booking?.booking?.status).toBe('Cancelled');
      await waitFor(async () => expect(await redeemedCount(voucher.id)).toBe(0), {
        timeoutMs: 15_000,
        intervalMs: 250,
      });
      await expect(
        admin.cancelOfflineBooking({ caller: platformStaff, id: bookingId }),
      ).rejects.toMatchObject({ code: 'conflict' });
    } finally {
      await restarted.kill();
    }
  });

  it('when the voucher has nothing left, then the booking is refused and nothing is written', async () => {
    const settings = {
      ...bookingEnv(world, bookingDatabase, namespace),
      GRPC_PORT: String(await freePort()),
      PROMOTIONS_ADDRESS: promotions.address,
    };
    const service = await spawnBooking(settings);
    try {
      const admin = adminClient(service.address);
      const tenantId = uniqueName('ten_v');
      const voucher = await newVoucher(1);
      const offer = await world.flightOffer(caller(1, tenantId));
      const made = await admin.createOfflineBooking(tenantRequest(tenantId, offer.token, voucher.code));
      expect(made.booking?.discount).toMatchObject({ amount: 400, total: offer.total - 400 });
      await expect(
        admin.createOfflineBooking(tenantRequest(tenantId, offer.token, voucher.code)),
      ).rejects.toMatchObject({ code: 'conflict', message: 'The voucher has been fully redeemed.' });
      const { bookings } = await admin.listAdminBookings({
        caller: platformStaff,
        scope: { all: false, tenantId },
        limit: 10,
      });
      expect(bookings.map((row) => row.booking?.id)).toEqual([made.booking?.booking?.id]);
      expect(await redeemedCount(voucher.id)).toBe(1);
    } finally {
      await service.kill();
    }
  });
});
