import { bookingEvents } from '@travel/contracts';
import { uniqueName, wireCallers } from '@travel/testkit';
import {
  bookingEnv,
  listenToBookingEvents,
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

// Issue 42: payments fail closed. Billing as production runs it (NODE_ENV=production, the simulator off) and no
// payment gateway: a storefront card booking is refused with payment_gateway_unavailable, the booking is not
// confirmed (Cancelled, no booking.created), the wallet's share and the voucher's redemption are given back.
let world: SearchAndPricing;
let billing: Awaited<ReturnType<typeof startBilling>>;
let promotions: Awaited<ReturnType<typeof startPromotions>>;
let events: Awaited<ReturnType<typeof listenToBookingEvents>>;
let service: Awaited<ReturnType<typeof startBooking>>;
const namespace = `${uniqueName('ct_bk_closed')}.`;

beforeAll(async () => {
  world = await startSearchAndPricing();
  billing = await startBilling({
    ...billingEnv(namespace),
    NODE_ENV: 'production',
    PAYMENT_SIMULATOR: 'false',
  });
  promotions = await startPromotions(namespace);
  events = await listenToBookingEvents(namespace);
  service = await startBooking({
    ...bookingEnv(world, uniqueName('ct_bk_closed'), namespace),
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

const balanceOf = async (customerId: string) =>
  (
    await billing.wallet.getWallet({
      caller: wireCallers.customer(undefined, customerId),
      customerId,
      limit: 100,
    })
  ).balance;

describe('storefront card payments without a gateway (production profile)', () => {
  it('when a customer books with a voucher and a part left for the card, then 503 payment_gateway_unavailable, the same on a retry, nothing confirmed or charged, wallet and voucher given back', async () => {
    const storefront = storefrontClient(service.address);
    const customerId = uniqueName('cus');
    await topUp(billing.wallet, customerId, 200);
    const { code, id: voucherId } = await promotions.newVoucher({ amount: 100, maxRedemptions: 5 });
    const offer = await storefrontFlight(world, true);
    const request = {
      ...storefrontRequest(customerId, offer.token, uniqueName('closed')),
      voucherCode: code,
    };

    const first = await storefront.createStorefrontBooking(request).catch((error: unknown) => error);
    expect(first).toMatchObject({ code: 'payment_gateway_unavailable' });
    const again = await storefront.createStorefrontBooking(request).catch((error: unknown) => error);
    expect(again).toMatchObject({ code: 'payment_gateway_unavailable' });

    const { bookings } = await storefront.listStorefrontBookings({
      caller: wireCallers.customer(undefined, customerId),
      limit: 10,
    });
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({
      status: 'Cancelled',
      paymentStatus: 'failed',
      walletPaid: 0,
      charged: 0,
    });
    expect(await balanceOf(customerId)).toBe(200);
    const voucher = (
      await promotions.client.listPromotions({
        caller: wireCallers.platformStaff(['vouchers']),
        kind: 'voucher',
        limit: 100,
      })
    ).promotions.find((p) => p.id === voucherId);
    expect(voucher?.redeemedCount).toBe(0);
    // Nothing was created for anyone: no booking.created (a later one would have been heard by now).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(
      events.heard.filter((e) => bookingEvents.BookingEvent.decode(e.payload).id === bookings[0]?.id),
    ).toEqual([]);
  });

  it('when the wallet covers the whole price, then no gateway is needed and the booking is confirmed', async () => {
    const storefront = storefrontClient(service.address);
    const customerId = uniqueName('cus');
    const offer = await storefrontFlight(world, true);
    await topUp(billing.wallet, customerId, offer.total);
    const made = await storefront.createStorefrontBooking(
      storefrontRequest(customerId, offer.token, uniqueName('wallet')),
    );
    expect(made.booking).toMatchObject({ status: 'Upcoming', walletPaid: offer.total, charged: 0 });
  });
});
