import { adminBooking, bookingEvents } from '@travel/contracts';
import { createServiceClient, documented, uniqueName, waitFor, wireCallers } from '@travel/testkit';
import {
  bookingEnv,
  caller,
  createRequest,
  listenToBookingEvents,
  platformStaff,
  type SearchAndPricing,
  startBooking,
  startSearchAndPricing,
} from './booking.fixture';
import {
  billingEnv,
  startBilling,
  startPromotions,
  storefrontClient,
  storefrontFlight,
  storefrontRequest,
  topUp,
} from './storefront.fixture';

// Issue 42: cancellations take an Idempotency-Key (a retried cancel whose first attempt landed answers the same
// 200, exactly one booking.cancelled and one refund), and a booking may name the price it was shown.
let world: SearchAndPricing;
let billing: Awaited<ReturnType<typeof startBilling>>;
let promotions: Awaited<ReturnType<typeof startPromotions>>;
let events: Awaited<ReturnType<typeof listenToBookingEvents>>;
let service: Awaited<ReturnType<typeof startBooking>>;
const namespace = `${uniqueName('ct_bk_idchg')}.`;

beforeAll(async () => {
  world = await startSearchAndPricing();
  billing = await startBilling(billingEnv(namespace));
  promotions = await startPromotions(namespace);
  events = await listenToBookingEvents(namespace);
  service = await startBooking({
    ...bookingEnv(world, uniqueName('ct_bk_idchg'), namespace),
    BILLING_ADDRESS: billing.address,
    PROMOTIONS_ADDRESS: promotions.address,
  });
});
afterAll(async () => {
  await service?.stop();
  await events?.stop();
  await billing?.stop();
  await promotions?.stop();
  await world?.stop();
});

const cancelledEventsOf = (id: string) =>
  events.heard.filter(
    (e) => e.type === 'booking.cancelled' && bookingEvents.BookingEvent.decode(e.payload).id === id,
  );
const keyOf = (key: string, fingerprint = 'c'.repeat(64)) => ({ key, requestFingerprint: fingerprint });

describe('idempotent cancellations', () => {
  it('when a partner cancels twice with one key, then the same 200 (replayed the second time) and one booking.cancelled; another body is idempotency_key_reuse; another key is 409', async () => {
    const who = caller(401);
    const { token } = await world.flightOffer(who);
    const id =
      (await service.client.createBooking(createRequest(who, token, uniqueName('bk')))).booking?.id ?? '';
    const idempotency = keyOf(uniqueName('cancel'));
    const first = await service.client.cancelBooking({ caller: who, id, idempotency });
    const again = await service.client.cancelBooking({ caller: who, id, idempotency });
    expect(first).toMatchObject({ replayed: false, booking: { id, status: 'Cancelled' } });
    expect(again).toEqual({ ...first, replayed: true });
    await expect(
      service.client.cancelBooking({
        caller: who,
        id,
        idempotency: { ...idempotency, requestFingerprint: 'd'.repeat(64) },
      }),
    ).rejects.toMatchObject({ code: 'idempotency_key_reuse' });
    await expect(
      service.client.cancelBooking({ caller: who, id, idempotency: keyOf(uniqueName('other')) }),
    ).rejects.toMatchObject({ code: 'conflict' });
    await waitFor(() => expect(cancelledEventsOf(id)).toHaveLength(1));
  });

  it('when 10 cancels with one key race, then one cancels and each other replays it or hears 409 idempotency_key_in_use', async () => {
    const who = caller(402);
    const { token } = await world.flightOffer(who);
    const id =
      (await service.client.createBooking(createRequest(who, token, uniqueName('bk')))).booking?.id ?? '';
    const idempotency = keyOf(uniqueName('cancel'));
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        service.client.cancelBooking({ caller: who, id, idempotency }).then(
          (reply) => ({ replayed: reply.replayed }),
          (error: { code?: string }) => ({ code: error.code }),
        ),
      ),
    );
    expect(outcomes.filter((o) => 'replayed' in o && !o.replayed)).toHaveLength(1);
    expect(outcomes.filter((o) => 'code' in o && o.code !== 'idempotency_key_in_use')).toEqual([]);
    await waitFor(() => expect(cancelledEventsOf(id)).toHaveLength(1));
  });

  it('when a customer cancels twice with one key, then the same 200 and the refund credited once', async () => {
    const storefront = storefrontClient(service.address);
    const customerId = uniqueName('cus');
    const offer = await storefrontFlight(world, true);
    await topUp(billing.wallet, customerId, offer.total);
    const customer = wireCallers.customer(undefined, customerId);
    const made = await storefront.createStorefrontBooking(
      storefrontRequest(customerId, offer.token, uniqueName('sf')),
    );
    const id = made.booking?.id ?? '';
    const idempotency = keyOf(uniqueName('cancel'));
    const first = await storefront.cancelStorefrontBooking({ caller: customer, id, idempotency });
    const again = await storefront.cancelStorefrontBooking({ caller: customer, id, idempotency });
    expect(first).toMatchObject({
      replayed: false,
      booking: { status: 'Cancelled', refund: { amount: offer.total } },
    });
    expect(again).toEqual({ ...first, replayed: true });
    const wallet = await billing.wallet.getWallet({ caller: customer, customerId, limit: 100 });
    expect(wallet.balance).toBe(offer.total);
    expect(wallet.entries.filter((e) => e.reason === 'refund')).toHaveLength(1);
  });

  it("when staff cancel a tenant's offline booking twice with one key, then the same 200", async () => {
    const admin = createServiceClient(adminBooking.AdminBookingServiceDefinition, service.address, {
      deadlineMs: 20_000,
    });
    const tenantId = uniqueName('ten');
    const { token } = await world.flightOffer(caller(404, tenantId));
    const made = await admin.createOfflineBooking({
      ...createRequest(caller(404, tenantId), token, uniqueName('off')),
      caller: platformStaff,
      tenantId,
    });
    const id = made.booking?.booking?.id ?? '';
    const idempotency = keyOf(uniqueName('cancel'));
    const first = await admin.cancelOfflineBooking({ caller: platformStaff, id, idempotency });
    const again = await admin.cancelOfflineBooking({ caller: platformStaff, id, idempotency });
    expect(first.booking?.booking?.status).toBe('Cancelled');
    expect(again).toEqual({ ...first, replayed: true });
  });
});

describe('whose key it is', () => {
  it("when one key is sent by a client in each environment, two customers, two tenants' staff and the platform's staff, then each makes its own booking; the create's key cancels afresh", async () => {
    // The 48 hours: services/booking/test/lists-and-sweeps.test.ts.
    documented(
      'docs/idempotency.md',
      'It belongs to whoever sends it (the API client in its environment, the customer, the staff of a tenant or of the platform) and to one operation, and is remembered 48 hours.',
    );
    const idem = uniqueName('shared');
    const made: Array<{ replayed: boolean; id: string }> = [];
    const tenantOf = uniqueName('ten');
    const live = caller(406, tenantOf);
    for (const who of [live, caller(406, tenantOf, 'test')]) {
      const reply = await service.client.createBooking(
        createRequest(who, (await world.flightOffer(who)).token, idem),
      );
      made.push({ replayed: reply.replayed, id: reply.booking?.id ?? '' });
    }
    const storefront = storefrontClient(service.address);
    const admin = createServiceClient(adminBooking.AdminBookingServiceDefinition, service.address, {
      deadlineMs: 20_000,
    });
    for (const customerId of [uniqueName('cus'), uniqueName('cus')]) {
      const offer = await storefrontFlight(world, true);
      await topUp(billing.wallet, customerId, offer.total);
      const reply = await storefront.createStorefrontBooking(
        storefrontRequest(customerId, offer.token, idem),
      );
      made.push({ replayed: reply.replayed, id: reply.booking?.id ?? '' });
    }
    for (const tenantId of [uniqueName('ten'), uniqueName('ten')]) {
      const { token } = await world.flightOffer(caller(407, tenantId));
      const reply = await admin.createOfflineBooking({
        ...createRequest(caller(407, tenantId), token, idem),
        caller: wireCallers.tenantStaff(tenantId, ['bookings']),
        tenantId,
      });
      made.push({ replayed: reply.replayed, id: reply.booking?.booking?.id ?? '' });
    }
    // The platform's staff booking for a customer (paid from the wallet).
    const customerId = uniqueName('cus');
    const offer = await storefrontFlight(world, true);
    await topUp(billing.wallet, customerId, offer.total);
    const byPlatform = await admin.createOfflineBooking({
      tenantId: '',
      customerId,
      payment: 'wallet',
      caller: platformStaff,
      idempotencyKey: idem,
      requestFingerprint: 'c'.repeat(64),
      offerToken: offer.token,
      contact: { name: 'Meera Iyer', email: 'meera@example.com' },
      travellers: [],
    });
    made.push({ replayed: byPlatform.replayed, id: byPlatform.booking?.booking?.id ?? '' });
    expect(made.map((reply) => reply.replayed)).toEqual(Array(7).fill(false));
    expect(new Set(made.map((reply) => reply.id)).size).toBe(7);
    // One operation: the key of the live booking's create, sent with its cancel, is the cancel's own.
    const cancelled = await service.client.cancelBooking({
      caller: live,
      id: made[0]?.id ?? '',
      idempotency: keyOf(idem),
    });
    expect([cancelled.replayed, cancelled.booking?.status]).toEqual([false, 'Cancelled']);
  });
});

describe('expected price', () => {
  it('when the expected price differs from the price to book, then 409 price_changed with the price now, nothing booked, and the key free for a retry at that price', async () => {
    const who = caller(403);
    const { token, total } = await world.flightOffer(who);
    const key = uniqueName('price');
    const shown = { amount: total - 1, currency: 'INR' };
    const refused = await service.client
      .createBooking({ ...createRequest(who, token, key), expectedPrice: shown })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: 'price_changed',
      facts: { amount: total, currency: 'INR', expectedAmount: total - 1, expectedCurrency: 'INR' },
    });
    expect((await service.client.listBookings({ caller: who, limit: 10 })).bookings).toEqual([]);
    // Errors are not remembered: the same key with the price now (another body) books.
    const booked = await service.client.createBooking({
      ...createRequest(who, token, key, 'e'.repeat(64)),
      expectedPrice: { amount: total, currency: 'INR' },
    });
    expect(booked.booking).toMatchObject({ amount: total, status: 'Upcoming' });
    await expect(
      service.client.createBooking({
        ...createRequest(who, token, uniqueName('price')),
        expectedPrice: { amount: total, currency: 'USD' },
      }),
    ).rejects.toMatchObject({ code: 'price_changed' });
  });

  it('when a storefront customer expects another price, then price_changed and nothing is paid', async () => {
    const storefront = storefrontClient(service.address);
    const customerId = uniqueName('cus');
    await topUp(billing.wallet, customerId, 100);
    const offer = await storefrontFlight(world, true);
    await expect(
      storefront.createStorefrontBooking({
        ...storefrontRequest(customerId, offer.token, uniqueName('sf')),
        expectedPrice: { amount: offer.total + 5, currency: 'INR' },
      }),
    ).rejects.toMatchObject({ code: 'price_changed' });
    const customer = wireCallers.customer(undefined, customerId);
    expect((await storefront.listStorefrontBookings({ caller: customer, limit: 10 })).bookings).toEqual([]);
    expect((await billing.wallet.getWallet({ caller: customer, customerId, limit: 10 })).balance).toBe(100);
  });
});
