import { randomUUID } from 'node:crypto';
import { waitFor } from '@travel/testkit';
import { type AdminApi, bearer, newPartner, platformAdmin } from '../support/admin';
import { book, flightOffers, contact as partnerContact } from '../support/bookings';
import { registerCustomer } from '../support/customers';
import {
  bookAsCustomer,
  dataOf,
  errorCodeOf,
  payableOf,
  type StorefrontBooking,
  storefrontCall,
  storefrontFlight,
  storefrontHotel,
  topUp,
  walletOf,
} from './storefront.fixture';

// Storefront search, bookings, wallet and refunds through the gateway (issue 12).
let admin: AdminApi;

beforeAll(async () => {
  admin = await platformAdmin();
});

describe('storefront search', () => {
  it('when anyone searches, then the partner offers come priced with the platform default and the rate limit headers', async () => {
    const res = await storefrontCall('POST', '/api/search/hotels', {
      body: { city: 'Goa', checkIn: '2099-01-10', checkOut: '2099-01-12' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBeTruthy();
    const bad = await storefrontCall('POST', '/api/search/flights', { body: { from: 'DEL' } });
    expect(bad.status).toBe(400);
  });

  it('when a storefront token is booked with a partner key, or a partner token by a customer, then 400 on offerToken', async () => {
    const { key } = await newPartner(admin);
    const storefrontOffer = await storefrontFlight(true);
    const partnerTry = await book(key.secret, {
      offerToken: storefrontOffer.offerToken,
      contact: partnerContact,
    });
    expect(partnerTry.status).toBe(400);
    const customer = await registerCustomer();
    const [partnerOffer] = await flightOffers(key.secret);
    if (!partnerOffer) throw new Error('no partner offer');
    const customerTry = await bookAsCustomer(customer, {
      offerToken: partnerOffer.offerToken,
      price: partnerOffer.price,
    });
    expect(customerTry.status).toBe(400);
    expect((await walletOf(customer)).balance).toBe(0);
  });
});

describe('storefront bookings and money', () => {
  it('when a refund credited the wallet, then a booking with useWallet splits exactly; a refundable cancel gives everything back', async () => {
    const customer = await registerCustomer();
    // A refundable booking paid in full by the gateway, cancelled: its refund lands in the wallet.
    const first = await storefrontFlight(true);
    const made = await bookAsCustomer(customer, first);
    expect(made.status).toBe(201);
    const firstBooking = dataOf<StorefrontBooking>(made);
    expect(firstBooking).toMatchObject({
      status: 'Upcoming',
      amount: first.price.total,
      discount: first.discount?.amount ?? 0,
      walletPaid: 0,
      charged: payableOf(first),
    });
    const cancelled = await storefrontCall('POST', `/api/bookings/${firstBooking.id}/cancel`, {
      headers: customer.headers,
    });
    expect(cancelled.status).toBe(200);
    expect(dataOf<StorefrontBooking>(cancelled)).toMatchObject({
      status: 'Cancelled',
      refund: { amount: payableOf(first), status: 'completed' },
    });
    expect((await walletOf(customer)).balance).toBe(payableOf(first));
    const refunds = await storefrontCall('GET', '/api/refunds', { headers: customer.headers });
    expect(dataOf<{ bookingId: string; status: string }[]>(refunds)[0]).toMatchObject({
      bookingId: firstBooking.id,
      status: 'completed',
    });

    // The next booking uses the wallet: it pays what it can, the gateway the rest, to the rupee.
    const second = await storefrontFlight(false, 40);
    const paid = dataOf<StorefrontBooking>(await bookAsCustomer(customer, second, { useWallet: true }));
    const fromWallet = Math.min(payableOf(first), payableOf(second));
    expect(paid).toMatchObject({
      amount: second.price.total,
      discount: second.discount?.amount ?? 0,
      walletPaid: fromWallet,
      charged: payableOf(second) - fromWallet,
    });
    const wallet = await walletOf(customer);
    expect(wallet.balance).toBe(payableOf(first) - fromWallet);
    expect(wallet.entries.map((e) => [e.type, e.reason, e.amount])).toEqual([
      ['debit', 'booking_payment', fromWallet],
      ['credit', 'refund', payableOf(first)],
    ]);

    // Not refundable: the cancel records a refund of 0 and the wallet does not move.
    const noRefund = await storefrontCall('POST', `/api/bookings/${paid.id}/cancel`, {
      headers: customer.headers,
    });
    expect(dataOf<StorefrontBooking>(noRefund).refund).toMatchObject({ amount: 0, status: 'not_refundable' });
    expect((await walletOf(customer)).balance).toBe(payableOf(first) - fromWallet);
    const listed = dataOf<{ bookingId: string; status: string; amount: number }[]>(
      await storefrontCall('GET', '/api/refunds', { headers: customer.headers }),
    );
    expect(listed.map((r) => [r.bookingId, r.status, r.amount])).toEqual([
      [paid.id, 'not_refundable', 0],
      [firstBooking.id, 'completed', payableOf(first)],
    ]);
  });

  it('when a hotel is cancelled on its check-in day, then nothing is refunded; the day before, everything', async () => {
    const customer = await registerCustomer();
    const today = dataOf<StorefrontBooking>(await bookAsCustomer(customer, await storefrontHotel(0)));
    const cancelToday = await storefrontCall('POST', `/api/bookings/${today.id}/cancel`, {
      headers: customer.headers,
    });
    expect(dataOf<StorefrontBooking>(cancelToday).refund).toMatchObject({
      amount: 0,
      status: 'not_refundable',
    });
    const later = dataOf<StorefrontBooking>(await bookAsCustomer(customer, await storefrontHotel(2)));
    const cancelLater = await storefrontCall('POST', `/api/bookings/${later.id}/cancel`, {
      headers: customer.headers,
    });
    expect(dataOf<StorefrontBooking>(cancelLater).refund).toMatchObject({
      amount: later.amount - later.discount,
      status: 'completed',
    });
  });

  it('when 20 bookings of one customer race on a wallet that covers only some, then the balance never goes below zero and the ledger adds up', async () => {
    const customer = await registerCustomer();
    const offer = await storefrontFlight(false);
    const credit = payableOf(offer) * 3 + 11;
    await topUp(admin, customer, credit);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => bookAsCustomer(customer, offer, { useWallet: true })),
    );
    // A loaded machine may answer some 503 (the payment finishes afterwards): those are retried with their key.
    const bookings = answers.filter((r) => r.status === 201).map((r) => dataOf<StorefrontBooking>(r));
    expect(answers.every((r) => r.status === 201 || r.status === 503)).toBe(true);
    for (const b of bookings) expect(b.walletPaid + b.charged).toBe(payableOf(offer));
    const wallet = await waitFor(
      async () => {
        const listed = await storefrontCall('GET', '/api/bookings?limit=100', { headers: customer.headers });
        const all = dataOf<StorefrontBooking[]>(listed);
        if (all.length !== 20) throw new Error(`${all.length} of 20 bookings confirmed`);
        for (const b of all) expect(b.walletPaid + b.charged).toBe(payableOf(offer));
        expect(all.reduce((sum, b) => sum + b.walletPaid, 0)).toBe(credit);
        return walletOf(customer);
      },
      { timeoutMs: 30_000, intervalMs: 500 },
    );
    expect(wallet.balance).toBe(0);
    const credits = wallet.entries.filter((e) => e.type === 'credit').reduce((s, e) => s + e.amount, 0);
    const debits = wallet.entries.filter((e) => e.type === 'debit').reduce((s, e) => s + e.amount, 0);
    expect(credits - debits).toBe(wallet.balance);
    expect(credits).toBe(credit);
  });

  it('when the same key is sent again, then the same booking is replayed and paid once; another body is 422', async () => {
    const customer = await registerCustomer();
    await topUp(admin, customer, 300);
    const offer = await storefrontFlight(true);
    const key = randomUUID();
    const first = await bookAsCustomer(customer, offer, { key, useWallet: true });
    const again = await bookAsCustomer(customer, offer, { key, useWallet: true });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(dataOf<StorefrontBooking>(again).id).toBe(dataOf<StorefrontBooking>(first).id);
    expect((await walletOf(customer)).entries.filter((e) => e.type === 'debit')).toHaveLength(1);
    const other = await bookAsCustomer(customer, offer, { key, useWallet: false });
    expect(other.status).toBe(422);
    expect(errorCodeOf(other)).toBe('idempotency_key_reuse');
    const noKey = await storefrontCall('POST', '/api/bookings', {
      headers: customer.headers,
      body: { offerToken: offer.offerToken, contact: { name: 'A', email: 'a@example.com' } },
    });
    expect(errorCodeOf(noKey)).toBe('idempotency_key_required');
  });
});

describe('who sees what', () => {
  it("when another customer reads or cancels a booking, then 404 and nothing changes; lists hold only one's own", async () => {
    const owner = await registerCustomer();
    const stranger = await registerCustomer();
    const booking = dataOf<StorefrontBooking>(await bookAsCustomer(owner, await storefrontFlight(true)));
    const read = await storefrontCall('GET', `/api/bookings/${booking.id}`, { headers: stranger.headers });
    expect(read.status).toBe(404);
    const cancel = await storefrontCall('POST', `/api/bookings/${booking.id}/cancel`, {
      headers: stranger.headers,
    });
    expect(cancel.status).toBe(404);
    expect(
      dataOf<StorefrontBooking[]>(
        await storefrontCall('GET', '/api/bookings', { headers: stranger.headers }),
      ),
    ).toEqual([]);
    const mine = await storefrontCall('GET', `/api/bookings/${booking.id}`, { headers: owner.headers });
    expect(dataOf<StorefrontBooking>(mine).status).toBe('Upcoming');
    // A partner key reads no storefront booking, and a customer no partner one.
    const { key } = await newPartner(admin);
    const partnerRead = await statusOf('GET', `/api/v1/bookings/${booking.id}`, bearer(key.secret));
    expect(partnerRead).toBe(404);
  });

  it('when there is no customer token, or a staff token, then 401', async () => {
    expect((await storefrontCall('GET', '/api/wallet')).status).toBe(401);
    expect((await storefrontCall('GET', '/api/bookings', { headers: bearer(admin.token) })).status).toBe(401);
    expect((await storefrontCall('GET', '/api/refunds', { headers: bearer(admin.token) })).status).toBe(401);
  });

  it('when pages are asked, then the cursor walks them newest first without repeats', async () => {
    const customer = await registerCustomer();
    const offer = await storefrontFlight(true);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(dataOf<StorefrontBooking>(await bookAsCustomer(customer, offer)).id);
    const page1 = await storefrontCall('GET', '/api/bookings?limit=2', { headers: customer.headers });
    const body1 = page1.body as { data: StorefrontBooking[]; hasMore: boolean; nextCursor: string };
    expect(body1.hasMore).toBe(true);
    const page2 = await storefrontCall('GET', `/api/bookings?limit=2&cursor=${body1.nextCursor}`, {
      headers: customer.headers,
    });
    const body2 = page2.body as { data: StorefrontBooking[]; hasMore: boolean };
    expect([...body1.data, ...body2.data].map((b) => b.id)).toEqual([...ids].reverse());
    expect(body2.hasMore).toBe(false);
  });
});

async function statusOf(method: string, path: string, headers: Record<string, string>): Promise<number> {
  return (await storefrontCall(method, path, { headers })).status;
}
