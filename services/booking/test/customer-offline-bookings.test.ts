import { adminBooking } from '@travel/contracts';
import { createServiceClient, freePort, uniqueName, waitFor, wireCallers } from '@travel/testkit';
import {
  bookingEnv,
  platformStaff,
  type SearchAndPricing,
  startBooking,
  startSearchAndPricing,
} from './booking.fixture';
import { spawnBooking } from './booking-process';
import { billingEnv, startBilling, storefrontClient, storefrontFlight, topUp } from './storefront.fixture';

// Staff booking for a storefront customer (issue 15): the storefront's crash safety and money rules, kept.
let world: SearchAndPricing;
let billing: Awaited<ReturnType<typeof startBilling>>;
const namespace = `${uniqueName('ct_bk_staff')}.`;
const bookingDatabase = uniqueName('ct_bk_staff');

beforeAll(async () => {
  world = await startSearchAndPricing();
  billing = await startBilling(billingEnv(namespace));
});
afterAll(async () => {
  await billing?.stop();
  await world?.stop();
});

const env = () => ({
  ...bookingEnv(world, bookingDatabase, namespace),
  BILLING_ADDRESS: billing.address,
  IDEMPOTENCY_LEASE_MS: '1500',
  SETTLE_INTERVAL_MS: '500',
});
const adminClient = (address: string) =>
  createServiceClient(adminBooking.AdminBookingServiceDefinition, address, { deadlineMs: 20_000 });
const balanceOf = async (customerId: string) =>
  (
    await billing.wallet.getWallet({
      caller: wireCallers.customer(undefined, customerId),
      customerId,
      limit: 100,
    })
  ).balance;

function staffRequest(
  customerId: string,
  offerToken: string,
  extra: Partial<adminBooking.CreateOfflineBookingRequest> = {},
): adminBooking.CreateOfflineBookingRequest {
  return {
    tenantId: '',
    customerId,
    payment: 'wallet',
    caller: platformStaff,
    idempotencyKey: uniqueName('staff'),
    requestFingerprint: 'c'.repeat(64),
    offerToken,
    contact: { name: 'Meera Iyer', email: 'meera@example.com' },
    travellers: [],
    ...extra,
  };
}

describe('staff bookings for a storefront customer', () => {
  it('when booking is killed after writing it and nobody retries, then the settler pays it from the wallet; a retry replays it', async () => {
    const settings = { ...env(), GRPC_PORT: String(await freePort()) };
    const customerId = uniqueName('cus');
    const offer = await storefrontFlight(world, true);
    await topUp(billing.wallet, customerId, offer.total + 50);
    const request = staffRequest(customerId, offer.token);
    const doomed = await spawnBooking({ ...settings, BOOKING_CRASH_AT: 'after-booking-write' });
    await expect(adminClient(doomed.address).createOfflineBooking(request)).rejects.toMatchObject({
      code: 'service_unavailable',
    });
    expect(await doomed.exited).toBe('SIGKILL');
    expect(await balanceOf(customerId)).toBe(offer.total + 50);

    const restarted = await spawnBooking(settings);
    try {
      const storefront = storefrontClient(restarted.address);
      const listed = await waitFor(
        async () => {
          const page = await storefront.listStorefrontBookings({
            caller: wireCallers.customer(undefined, customerId),
            limit: 10,
          });
          if (page.bookings.length !== 1) throw new Error('not settled yet');
          return page;
        },
        { timeoutMs: 15_000, intervalMs: 250 },
      );
      expect(listed.bookings[0]).toMatchObject({ status: 'Upcoming', walletPaid: offer.total, charged: 0 });
      expect(await balanceOf(customerId)).toBe(50);

      const again = await adminClient(restarted.address).createOfflineBooking(request);
      expect(again).toMatchObject({
        replayed: true,
        booking: { channel: 'offline', customerId, booking: { id: listed.bookings[0]?.id } },
      });
      expect(await balanceOf(customerId)).toBe(50);
    } finally {
      await restarted.kill();
    }
  });

  it('when the wallet is short or the request mixes a tenant with a customer, then nothing is written', async () => {
    const service = await startBooking(env());
    try {
      const admin = adminClient(service.address);
      const customerId = uniqueName('cus');
      const offer = await storefrontFlight(world, false);
      await topUp(billing.wallet, customerId, offer.total - 1);
      await expect(admin.createOfflineBooking(staffRequest(customerId, offer.token))).rejects.toMatchObject({
        code: 'conflict',
      });
      const cases: [Partial<adminBooking.CreateOfflineBookingRequest>, string][] = [
        [{ payment: undefined }, 'payment'],
        [{ payment: 'card' }, 'payment'],
        [{ tenantId: 'ten_a' }, 'tenantId'],
        [{ customerId: undefined, tenantId: 'ten_a' }, 'payment'],
      ];
      for (const [extra, path] of cases) {
        const refused = admin.createOfflineBooking(staffRequest(customerId, offer.token, extra));
        await expect(refused).rejects.toMatchObject({ code: 'bad_request' });
        const error = (await refused.catch((e: unknown) => e)) as { details?: { path: string }[] };
        expect(error.details?.map((d) => d.path)).toContain(path);
      }
      const storefront = storefrontClient(service.address);
      expect(
        (
          await storefront.listStorefrontBookings({
            caller: wireCallers.customer(undefined, customerId),
            limit: 10,
          })
        ).bookings,
      ).toEqual([]);
      expect(await balanceOf(customerId)).toBe(offer.total - 1);
    } finally {
      await service.stop();
    }
  });
});
