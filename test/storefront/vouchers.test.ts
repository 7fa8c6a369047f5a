import { PROFILES, restartProcess } from '@travel/local-deploy';
import { waitFor } from '@travel/testkit';
import { type AdminApi, newPartner, platformAdmin } from '../support/admin';
import { flightOffers } from '../support/bookings';
import { consoleCall, platformStaff } from '../support/console-calls';
import { type CustomerSession, registerCustomer } from '../support/customers';
import type { ApiResponse } from '../support/gateway';
import {
  bookAsCustomer,
  dataOf,
  errorCodeOf,
  type Offer,
  type StorefrontBooking,
  storefrontCall,
  storefrontFlight,
  storefrontHotel,
} from './storefront.fixture';

// Promotions on storefront bookings (issue 13): vouchers redeemed exactly by bookings, automatic discounts.
const day = 86_400_000;
const validity = () => ({
  validFrom: new Date(Date.now() - 60_000).toISOString(),
  validUntil: new Date(Date.now() + day).toISOString(),
});
const newCode = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

let admin: AdminApi;
/** Platform staff holding the three promotion rights. */
let marketing: string;
/** Discounts this file made: removed at the end, so no other suite's storefront price changes. */
const discounts: string[] = [];
beforeAll(async () => {
  admin = await platformAdmin();
  marketing = (await platformStaff(admin, ['discounts', 'offers', 'vouchers'])).token;
  // The stack's settings outlive a run: a switch suite that died may have left the storefront closed.
  const settings = await admin.request<{ storefrontEnabled: boolean }>('GET', '/api/admin/settings');
  if (!settings.storefrontEnabled) {
    await admin.request('PUT', '/api/admin/settings', { storefrontEnabled: true });
    await waitFor(
      async () => {
        const res = await storefrontCall('GET', '/api/wallet');
        if (res.status === 503) throw new Error('storefront still closed');
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
  }
});
afterAll(async () => {
  for (const id of discounts) await consoleCall(marketing, 'DELETE', `/api/admin/discounts/${id}`);
});

async function created<T extends { id: string }>(plural: string, fields: Record<string, unknown>) {
  const res = await consoleCall(marketing, 'POST', `/api/admin/${plural}`, { ...validity(), ...fields });
  if (res.status !== 201) throw new Error(`create ${plural} answered ${res.status}: ${res.text}`);
  return dataOf<T>(res);
}

/** The voucher's `redeemedCount` as the platform's voucher list shows it. */
async function redeemedCount(voucherId: string): Promise<number | undefined> {
  const res = await consoleCall(marketing, 'GET', '/api/admin/vouchers?limit=100');
  return dataOf<{ id: string; redeemedCount: number }[]>(res).find((v) => v.id === voucherId)?.redeemedCount;
}

/** The booking splits its price exactly: the automatic discount and the voucher make `discount`. */
function expectMoneyAddsUp(booking: StorefrontBooking) {
  expect(booking.discount).toBe((booking.automaticDiscount?.amount ?? 0) + (booking.voucher?.amount ?? 0));
  expect(booking.amount - booking.discount).toBe(booking.walletPaid + booking.charged);
}

async function bookingsOf(customer: CustomerSession): Promise<StorefrontBooking[]> {
  const res = await storefrontCall('GET', '/api/bookings?limit=100', { headers: customer.headers });
  return dataOf<StorefrontBooking[]>(res);
}

const refusal = (res: ApiResponse) => [
  res.status,
  errorCodeOf(res),
  (res.body as { error: { message: string } }).error.message,
];

describe('vouchers on storefront bookings', () => {
  it('when 30 bookings race for a voucher with 5 redemptions, then exactly 5 get it, 25 are 409 and book nothing, and the count survives a restart', async () => {
    const voucher = await created<{ id: string; code: string }>('vouchers', {
      code: newCode('RACE'),
      amount: 300,
      maxRedemptions: 5,
    });
    const customers = await Promise.all(Array.from({ length: 6 }, () => registerCustomer()));
    const offer = await storefrontFlight(true);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        bookAsCustomer(customers[n % 6] as CustomerSession, offer, {
          voucherCode: voucher.code.toLowerCase(),
        }),
      ),
    );
    const booked = answers.filter((res) => res.status === 201).map((res) => dataOf<StorefrontBooking>(res));
    const refused = answers.filter((res) => res.status !== 201);
    expect(booked).toHaveLength(5);
    for (const booking of booked) {
      expect(booking).toMatchObject({ status: 'Upcoming', voucher: { code: voucher.code, amount: 300 } });
      expectMoneyAddsUp(booking);
    }
    expect(refused).toHaveLength(25);
    for (const res of refused)
      expect(refusal(res)).toEqual([409, 'conflict', 'The voucher has been fully redeemed.']);

    // Nothing else was booked: the customers hold exactly the five bookings, each with the voucher.
    // (Read again on a transport error: after 30 racing requests a pooled connection may be closed under us.)
    const held = await waitFor(async () => (await Promise.all(customers.map(bookingsOf))).flat(), {
      timeoutMs: 10_000,
      intervalMs: 250,
    });
    expect(held.map((b) => b.id).sort()).toEqual(booked.map((b) => b.id).sort());
    expect(held.every((b) => b.voucher?.code === voucher.code)).toBe(true);

    expect(await redeemedCount(voucher.id)).toBe(5);
    await restartProcess(process.env, PROFILES.e2e, 'promotions');
    const afterRestart = await waitFor(
      async () => {
        const count = await redeemedCount(voucher.id);
        if (count === undefined) throw new Error('voucher list not answered yet');
        return count;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    expect(afterRestart).toBe(5);
    // Still nothing left after the restart.
    const late = await bookAsCustomer(customers[0] as CustomerSession, offer, { voucherCode: voucher.code });
    expect(refusal(late)).toEqual([409, 'conflict', 'The voucher has been fully redeemed.']);
  });

  it('when a customer used a voucher as often as it allows, then the next booking is 409 and another customer still redeems it', async () => {
    const voucher = await created<{ id: string; code: string }>('vouchers', {
      code: newCode('ONCE'),
      amount: 150,
      maxRedemptions: 10,
      maxRedemptionsPerHolder: 1,
    });
    const [first, second] = [await registerCustomer(), await registerCustomer()];
    const offer = await storefrontFlight(false);
    const used = await bookAsCustomer(first, offer, { voucherCode: voucher.code });
    expect(used.status).toBe(201);
    expect(dataOf<StorefrontBooking>(used).voucher).toEqual({ code: voucher.code, amount: 150 });
    const again = await bookAsCustomer(first, offer, { voucherCode: voucher.code });
    expect(refusal(again)).toEqual([409, 'conflict', 'You have used this voucher as often as it allows.']);
    expect(await bookingsOf(first)).toHaveLength(1);
    const other = await bookAsCustomer(second, offer, { voucherCode: voucher.code });
    expect(other.status).toBe(201);
    expect(await redeemedCount(voucher.id)).toBe(2);
  });

  it('when a percent voucher would take more than its cap, then the booking shows the cap; an unknown code is 404 and books nothing', async () => {
    const voucher = await created<{ id: string; code: string }>('vouchers', {
      code: newCode('HALF'),
      percentBps: 5000,
      maxDiscount: 250,
      maxRedemptions: 10,
    });
    const customer = await registerCustomer();
    const offer = await storefrontFlight(true);
    const res = await bookAsCustomer(customer, offer, { voucherCode: voucher.code, useWallet: true });
    expect(res.status).toBe(201);
    const booking = dataOf<StorefrontBooking>(res);
    expect(booking.voucher).toEqual({ code: voucher.code, amount: 250 });
    expectMoneyAddsUp(booking);
    expect(booking.charged).toBe(booking.amount - (booking.automaticDiscount?.amount ?? 0) - 250);

    const unknown = await bookAsCustomer(customer, offer, { voucherCode: newCode('NOSUCH') });
    expect([unknown.status, errorCodeOf(unknown)]).toEqual([404, 'not_found']);
    expect(await bookingsOf(customer)).toHaveLength(1);
  });

  it('when a booking with a voucher is cancelled, then its redemption is given back once and the voucher books again', async () => {
    const voucher = await created<{ id: string; code: string }>('vouchers', {
      code: newCode('BACK'),
      amount: 200,
      maxRedemptions: 1,
    });
    const [first, second, third] = [
      await registerCustomer(),
      await registerCustomer(),
      await registerCustomer(),
    ];
    const offer = await storefrontFlight(true);
    const made = dataOf<StorefrontBooking>(await bookAsCustomer(first, offer, { voucherCode: voucher.code }));
    expect(made.voucher).toEqual({ code: voucher.code, amount: 200 });
    expect(await redeemedCount(voucher.id)).toBe(1);

    const cancelled = await storefrontCall('POST', `/api/bookings/${made.id}/cancel`, {
      headers: first.headers,
    });
    expect(cancelled.status).toBe(200);
    // Refunds what was paid, the discount never (it was not paid).
    expect(dataOf<StorefrontBooking>(cancelled).refund).toMatchObject({
      amount: made.amount - made.discount,
      status: 'completed',
    });
    await waitFor(
      async () => {
        if ((await redeemedCount(voucher.id)) !== 0) throw new Error('redemption not given back yet');
      },
      { timeoutMs: 20_000, intervalMs: 250 },
    );
    const rebooked = await bookAsCustomer(second, offer, { voucherCode: voucher.code });
    expect(rebooked.status).toBe(201);
    expect(dataOf<StorefrontBooking>(rebooked).voucher).toEqual({ code: voucher.code, amount: 200 });
    // The cancellation gave back one redemption, not the new booking's: the voucher stays used up.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await redeemedCount(voucher.id)).toBe(1);
    const late = await bookAsCustomer(third, offer, { voucherCode: voucher.code });
    expect(refusal(late)).toEqual([409, 'conflict', 'The voucher has been fully redeemed.']);
  });
});

describe('automatic discounts on the storefront', () => {
  it('when a b2c discount applies, then storefront prices show its line, the booking applies it and a voucher comes on top; the partner API is unchanged', async () => {
    const discount = await created<{ id: string }>('discounts', {
      name: `Storefront hotels ${newCode('')}`,
      service: 'hotel',
      percentBps: 9000,
      maxDiscount: 10_000_000,
    });
    discounts.push(discount.id);
    const hotel = await storefrontHotel(20);
    const expected = Math.floor((hotel.price.total * 9000) / 10_000);
    expect(hotel.discount).toEqual({
      id: discount.id,
      name: expect.stringContaining('Storefront hotels'),
      amount: expected,
      total: hotel.price.total - expected,
    });
    // Another service's prices do not get it.
    const flight: Offer = await storefrontFlight(true);
    expect(flight.discount?.id).not.toBe(discount.id);

    const voucher = await created<{ id: string; code: string }>('vouchers', {
      code: newCode('TOP'),
      amount: 100,
      maxRedemptions: 5,
    });
    const customer = await registerCustomer();
    const res = await bookAsCustomer(customer, hotel, { voucherCode: voucher.code });
    expect(res.status).toBe(201);
    const booking = dataOf<StorefrontBooking>(res);
    expect(booking).toMatchObject({
      amount: hotel.price.total,
      automaticDiscount: { id: discount.id, amount: expected },
      voucher: { code: voucher.code, amount: 100 },
      discount: expected + 100,
      charged: hotel.price.total - expected - 100,
    });
    expectMoneyAddsUp(booking);

    // Partner prices carry no discount line.
    const { key } = await newPartner(admin);
    const [partnerOffer] = await flightOffers(key.secret);
    expect(partnerOffer).toBeDefined();
    expect(partnerOffer).not.toHaveProperty('discount');

    // Once the discount is gone, prices no longer show it.
    await consoleCall(marketing, 'DELETE', `/api/admin/discounts/${discount.id}`);
    discounts.splice(discounts.indexOf(discount.id), 1);
    expect((await storefrontHotel(20)).discount?.id).not.toBe(discount.id);
  });
});
