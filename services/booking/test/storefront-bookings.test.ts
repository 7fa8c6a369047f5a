import { bookingEvents } from '@travel/contracts';
import { freePort, uniqueName, waitFor, wireCallers } from '@travel/testkit';
import {
  bookingEnv,
  caller,
  createRequest,
  listenToBookingEvents,
  type SearchAndPricing,
  startBooking,
  startSearchAndPricing,
} from './booking.fixture';
import { spawnBooking } from './booking-process';
import {
  billingEnv,
  spawnBilling,
  startBilling,
  startPromotions,
  storefrontClient,
  storefrontFlight,
  storefrontRequest,
  topUp,
} from './storefront.fixture';

// Storefront bookings (issue 12): the partner idempotency and crash safety, paid through billing exactly once.
let world: SearchAndPricing;
let billing: Awaited<ReturnType<typeof startBilling>>;
let promotions: Awaited<ReturnType<typeof startPromotions>>;
let events: Awaited<ReturnType<typeof listenToBookingEvents>>;
const namespace = `${uniqueName('ct_bk_store')}.`;
const LEASE_MS = 1500;
// One booking database for the file, as in production: billing keys payments by booking id, so two booking
// databases numbering from 1 would name different bookings alike.
const bookingDatabase = uniqueName('ct_bk_store');

beforeAll(async () => {
  world = await startSearchAndPricing();
  billing = await startBilling(billingEnv(namespace));
  promotions = await startPromotions(namespace);
  events = await listenToBookingEvents(namespace);
});
afterAll(async () => {
  await events?.stop();
  await billing?.stop();
  await promotions?.stop();
  await world?.stop();
});

const envWith = (billingAddress: string) => ({
  ...bookingEnv(world, bookingDatabase, namespace),
  BILLING_ADDRESS: billingAddress,
  PROMOTIONS_ADDRESS: promotions.address,
  IDEMPOTENCY_LEASE_MS: String(LEASE_MS),
  SETTLE_INTERVAL_MS: '500',
  // A loaded test machine: twenty racing payments of one wallet queue on one document.
  BILLING_DEADLINE_MS: '15000',
  PROMOTIONS_DEADLINE_MS: '15000',
});
async function startStorefront() {
  const service = await startBooking(envWith(billing.address));
  return { ...service, storefront: storefrontClient(service.address) };
}
const balanceOf = async (customerId: string) =>
  (
    await billing.wallet.getWallet({
      caller: wireCallers.customer(undefined, customerId),
      customerId,
      limit: 100,
    })
  ).balance;

describe('storefront bookings', () => {
  it('when a customer books with the wallet, then the wallet pays what it can and the rest is charged, once across retries', async () => {
    const service = await startStorefront();
    try {
      const customerId = uniqueName('cus');
      await topUp(billing.wallet, customerId, 1000);
      const offer = await storefrontFlight(world, true);
      const request = storefrontRequest(customerId, offer.token, uniqueName('sf'));
      const made = await service.storefront.createStorefrontBooking(request);
      expect(made.replayed).toBe(false);
      expect(made.booking).toMatchObject({
        status: 'Upcoming',
        amount: offer.total,
        discount: 0,
        walletPaid: Math.min(1000, offer.total),
        charged: offer.total - Math.min(1000, offer.total),
      });
      const again = await service.storefront.createStorefrontBooking(request);
      expect(again).toMatchObject({ replayed: true, booking: { id: made.booking?.id } });
      expect(await balanceOf(customerId)).toBe(Math.max(0, 1000 - offer.total));
      const id = made.booking?.id ?? '';
      await waitFor(() => {
        const created = events.heard.filter(
          (e) => e.type === 'booking.created' && bookingEvents.BookingEvent.decode(e.payload).id === id,
        );
        expect(created).toHaveLength(1);
        const payload = bookingEvents.BookingEvent.decode(created[0]?.payload ?? new Uint8Array());
        expect(payload).toMatchObject({ customerId, walletPaid: made.booking?.walletPaid });
        expect(created[0]).toMatchObject({ tenantId: '', clientId: '' });
      });
    } finally {
      await service.stop();
    }
  });

  it('when a partner token is booked on the storefront, or a storefront token by a partner, then 400 on offerToken', async () => {
    const service = await startStorefront();
    try {
      const partnerOffer = await world.flightOffer(caller(301));
      await expect(
        service.storefront.createStorefrontBooking(
          storefrontRequest(uniqueName('cus'), partnerOffer.token, uniqueName('sf')),
        ),
      ).rejects.toMatchObject({ code: 'bad_request' });
      const storefrontOffer = await storefrontFlight(world, true);
      await expect(
        service.client.createBooking(createRequest(caller(301), storefrontOffer.token, uniqueName('pt'))),
      ).rejects.toMatchObject({ code: 'bad_request' });
    } finally {
      await service.stop();
    }
  });

  it('when 20 bookings of one customer race on a wallet that covers some, then the wallet never goes below zero and each total is paid exactly', async () => {
    const service = await startStorefront();
    try {
      const customerId = uniqueName('cus');
      const offer = await storefrontFlight(world, false);
      const credit = offer.total * 3 + 7;
      await topUp(billing.wallet, customerId, credit);
      const replies = await Promise.all(
        Array.from({ length: 20 }, () =>
          service.storefront.createStorefrontBooking(
            storefrontRequest(customerId, offer.token, uniqueName('sf')),
          ),
        ),
      );
      const fromWallet = replies.reduce((sum, r) => sum + (r.booking?.walletPaid ?? 0), 0);
      expect(fromWallet).toBe(credit);
      for (const reply of replies)
        expect((reply.booking?.walletPaid ?? 0) + (reply.booking?.charged ?? 0)).toBe(offer.total);
      expect(await balanceOf(customerId)).toBe(0);
      const listed = await service.storefront.listStorefrontBookings({
        caller: wireCallers.customer(undefined, customerId),
        limit: 100,
      });
      expect(listed.bookings).toHaveLength(20);
    } finally {
      await service.stop();
    }
  });

  it('when a refundable booking is cancelled, then everything paid is back in the wallet; a non-refundable one refunds 0', async () => {
    const service = await startStorefront();
    try {
      const customerId = uniqueName('cus');
      await topUp(billing.wallet, customerId, 500);
      const refundable = await storefrontFlight(world, true);
      const made = await service.storefront.createStorefrontBooking(
        storefrontRequest(customerId, refundable.token, uniqueName('sf')),
      );
      const id = made.booking?.id ?? '';
      const cancelled = await service.storefront.cancelStorefrontBooking({
        caller: wireCallers.customer(undefined, customerId),
        id,
      });
      expect(cancelled.booking).toMatchObject({
        status: 'Cancelled',
        refund: { amount: refundable.total, status: 'completed' },
      });
      expect(await balanceOf(customerId)).toBe(500 + refundable.total - Math.min(500, refundable.total));
      await expect(
        service.storefront.cancelStorefrontBooking({
          caller: wireCallers.customer(undefined, customerId),
          id,
        }),
      ).rejects.toMatchObject({
        code: 'conflict',
      });

      const saver = await storefrontFlight(world, false);
      const second = await service.storefront.createStorefrontBooking(
        storefrontRequest(customerId, saver.token, uniqueName('sf'), false),
      );
      const before = await balanceOf(customerId);
      const none = await service.storefront.cancelStorefrontBooking({
        caller: wireCallers.customer(undefined, customerId),
        id: second.booking?.id ?? '',
      });
      expect(none.booking?.refund).toMatchObject({ amount: 0, status: 'not_refundable' });
      expect(await balanceOf(customerId)).toBe(before);
    } finally {
      await service.stop();
    }
  });

  it('when another customer reads or cancels a booking, then not_found and nothing changes', async () => {
    const service = await startStorefront();
    try {
      const owner = uniqueName('cus');
      const offer = await storefrontFlight(world, true);
      const made = await service.storefront.createStorefrontBooking(
        storefrontRequest(owner, offer.token, uniqueName('sf'), false),
      );
      const id = made.booking?.id ?? '';
      const stranger = uniqueName('cus');
      for (const call of [
        service.storefront.getStorefrontBooking({ caller: wireCallers.customer(undefined, stranger), id }),
        service.storefront.cancelStorefrontBooking({ caller: wireCallers.customer(undefined, stranger), id }),
      ])
        await expect(call).rejects.toMatchObject({ code: 'not_found' });
      expect(
        (
          await service.storefront.getStorefrontBooking({
            caller: wireCallers.customer(undefined, owner),
            id,
          })
        ).booking?.status,
      ).toBe('Upcoming');
      // A partner cannot see it either, whatever its client.
      await expect(service.client.getBooking({ caller: caller(0, ''), id })).rejects.toMatchObject({
        code: expect.stringMatching(/not_found|forbidden|client_not_linked/),
      });
    } finally {
      await service.stop();
    }
  });
});

describe('storefront crash safety', () => {
  it('when booking is killed after billing took the payment, then a retry with the key confirms the same booking and payment', async () => {
    const env = { ...envWith(billing.address), GRPC_PORT: String(await freePort()) };
    const customerId = uniqueName('cus');
    await topUp(billing.wallet, customerId, 800);
    const offer = await storefrontFlight(world, true);
    const request = storefrontRequest(customerId, offer.token, uniqueName('crash'));
    const doomed = await spawnBooking({ ...env, BOOKING_CRASH_AT: 'after-payment' });
    await expect(storefrontClient(doomed.address).createStorefrontBooking(request)).rejects.toMatchObject({
      code: 'service_unavailable',
    });
    expect(await doomed.exited).toBe('SIGKILL');
    expect(await balanceOf(customerId)).toBe(Math.max(0, 800 - offer.total));

    const restarted = await spawnBooking(env);
    try {
      const client = storefrontClient(restarted.address);
      const first = await waitFor(() => client.createStorefrontBooking(request), {
        timeoutMs: 10_000,
        intervalMs: 200,
      });
      expect(first.replayed).toBe(true);
      expect(first.booking).toMatchObject({ status: 'Upcoming', walletPaid: Math.min(800, offer.total) });
      const listed = await client.listStorefrontBookings({
        caller: wireCallers.customer(undefined, customerId),
        limit: 10,
      });
      expect(listed.bookings.map((b) => b.id)).toEqual([first.booking?.id]);
      expect(await balanceOf(customerId)).toBe(Math.max(0, 800 - offer.total));
    } finally {
      await restarted.kill();
    }
  });

  it('when booking is killed after the payment of a booking with a voucher, then the settler confirms its redemption for the booking', async () => {
    const env = { ...envWith(billing.address), GRPC_PORT: String(await freePort()) };
    const { code, id: voucherId } = await promotions.newVoucher({ amount: 250, maxRedemptions: 3 });
    const customerId = uniqueName('cus');
    const offer = await storefrontFlight(world, true);
    const request = {
      ...storefrontRequest(customerId, offer.token, uniqueName('vcrash'), false),
      voucherCode: code.toLowerCase(),
    };
    const doomed = await spawnBooking({ ...env, BOOKING_CRASH_AT: 'after-payment' });
    await expect(storefrontClient(doomed.address).createStorefrontBooking(request)).rejects.toMatchObject({
      code: 'service_unavailable',
    });
    expect(await doomed.exited).toBe('SIGKILL');

    // Nobody retries: the settler of a healthy replica pays (billing answers the same payment) and confirms.
    const service = await startBooking(envWith(billing.address));
    try {
      const storefront = storefrontClient(service.address);
      const listed = await waitFor(
        async () => {
          const page = await storefront.listStorefrontBookings({
            caller: wireCallers.customer(undefined, customerId),
            limit: 10,
          });
          if (page.bookings.length !== 1) throw new Error('not settled yet');
          return page.bookings[0];
        },
        { timeoutMs: 15_000, intervalMs: 250 },
      );
      expect(listed).toMatchObject({
        status: 'Upcoming',
        amount: offer.total,
        discount: 250,
        voucher: { code, amount: 250 },
        charged: offer.total - 250,
      });
      // Bound to the booking id (not the attempt it was reserved under), confirmed, counted once.
      const { redemption } = await promotions.client.confirmRedemption({
        caller: wireCallers.job('booking.test'),
        bookingId: listed?.id ?? '',
      });
      expect(redemption).toMatchObject({ bookingId: listed?.id, status: 'confirmed', discount: 250 });
      const voucher = (
        await promotions.client.listPromotions({
          caller: wireCallers.platformStaff(['vouchers']),
          kind: 'voucher',
          limit: 100,
        })
      ).promotions.find((p) => p.id === voucherId);
      expect(voucher?.redeemedCount).toBe(1);
    } finally {
      await service.stop();
    }
  });

  it('when billing is killed between the wallet debit and the payment, then a retry pays once with the same wallet share', async () => {
    const billingPort = String(await freePort());
    const env = { ...billingEnv(namespace), GRPC_PORT: billingPort };
    const doomedBilling = await spawnBilling({ ...env, BILLING_CRASH_AT: 'after-wallet-debit' });
    const service = await startBooking(envWith(doomedBilling.address));
    const storefront = storefrontClient(service.address);
    let healthy: Awaited<ReturnType<typeof spawnBilling>> | undefined;
    try {
      const customerId = uniqueName('cus');
      await topUp(doomedBilling.wallet, customerId, 600);
      const offer = await storefrontFlight(world, true);
      const request = storefrontRequest(customerId, offer.token, uniqueName('bcrash'));
      await expect(storefront.createStorefrontBooking(request)).rejects.toMatchObject({
        code: 'service_unavailable',
      });
      expect(await doomedBilling.exited).toBe('SIGKILL');

      healthy = await spawnBilling(env);
      const balanceAfterCrash = (
        await healthy.wallet.getWallet({
          caller: wireCallers.customer(undefined, customerId),
          customerId,
          limit: 10,
        })
      ).balance;
      expect(balanceAfterCrash).toBe(Math.max(0, 600 - offer.total)); // the debit landed, the payment did not
      const done = await waitFor(() => storefront.createStorefrontBooking(request), {
        timeoutMs: 10_000,
        intervalMs: 200,
      });
      expect(done.booking).toMatchObject({
        status: 'Upcoming',
        walletPaid: Math.min(600, offer.total),
        charged: offer.total - Math.min(600, offer.total),
      });
      const ledger = await healthy.wallet.getWallet({
        caller: wireCallers.customer(undefined, customerId),
        customerId,
        limit: 10,
      });
      expect(ledger.balance).toBe(balanceAfterCrash);
      expect(ledger.entries.filter((e) => e.type === 'debit')).toHaveLength(1);
    } finally {
      await service.stop();
      await healthy?.kill();
    }
  });

  it('when nobody retries a booking whose payment failed, then the settler pays and confirms it', async () => {
    const billingPort = String(await freePort());
    const env = { ...billingEnv(namespace), GRPC_PORT: billingPort };
    const doomedBilling = await spawnBilling({ ...env, BILLING_CRASH_AT: 'after-wallet-debit' });
    const service = await startBooking(envWith(doomedBilling.address));
    let healthy: Awaited<ReturnType<typeof spawnBilling>> | undefined;
    try {
      const customerId = uniqueName('cus');
      const offer = await storefrontFlight(world, true);
      await topUp(doomedBilling.wallet, customerId, 100);
      const storefront = storefrontClient(service.address);
      await expect(
        storefront.createStorefrontBooking(storefrontRequest(customerId, offer.token, uniqueName('settle'))),
      ).rejects.toMatchObject({ code: 'service_unavailable' });
      expect(await doomedBilling.exited).toBe('SIGKILL');
      expect(
        (
          await storefront.listStorefrontBookings({
            caller: wireCallers.customer(undefined, customerId),
            limit: 10,
          })
        ).bookings,
      ).toEqual([]);
      healthy = await spawnBilling(env);
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
      expect(listed.bookings[0]).toMatchObject({
        status: 'Upcoming',
        walletPaid: 100,
        charged: offer.total - 100,
      });
    } finally {
      await service.stop();
      await healthy?.kill();
    }
  });
});
