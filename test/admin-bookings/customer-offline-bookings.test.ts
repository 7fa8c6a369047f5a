import { randomUUID } from 'node:crypto';
import { inDays, waitFor } from '@travel/testkit';
import {
  contact,
  dataOf,
  errorCodeOf,
  type Offer,
  type StorefrontBooking,
  storefrontCall,
  storefrontFlight,
  storefrontHotel,
  topUp,
  walletOf,
} from '../storefront/storefront.fixture';
import { type AdminApi, bearer, newPartner, platformAdmin } from '../support/admin';
import { flightOffers } from '../support/bookings';
import { auditOf, platformStaff } from '../support/console-calls';
import { type CustomerSession, registerCustomer } from '../support/customers';
import type { ApiResponse } from '../support/gateway';
import { tenantStaff } from '../support/staff';

// Staff booking for a storefront customer, paid from the customer's wallet (issue 15; docs/decisions/bookings.md,
// "Admin bookings").

interface AdminBooking {
  id: string;
  status: string;
  amount: number;
  channel: string;
  tenantId: string | null;
  clientId: number | null;
  customerId: string | null;
  reference: string | null;
}

interface SalesTotals {
  bookings: number;
  bookedAmount: number;
}

const path = '/api/admin/bookings';
const codeOf = (res: ApiResponse) => [res.status, errorCodeOf(res)];

/** `POST /api/admin/bookings` with a staff token, a fresh key unless given. */
function bookFor(token: string, body: Record<string, unknown>, key: string = randomUUID()) {
  return storefrontCall('POST', path, { headers: { ...bearer(token), 'idempotency-key': key }, body });
}

const customerBody = (customer: CustomerSession, offer: Offer, extra: Record<string, unknown> = {}) => ({
  customerId: customer.user.id,
  payment: 'wallet',
  offerToken: offer.offerToken,
  contact,
  ...extra,
});

async function ownBookings(customer: CustomerSession): Promise<StorefrontBooking[]> {
  const res = await storefrontCall('GET', '/api/bookings?limit=100', { headers: customer.headers });
  expect(res.status).toBe(200);
  return dataOf<StorefrontBooking[]>(res);
}

describe('admin bookings: staff book for a storefront customer', () => {
  let admin: AdminApi;

  beforeAll(async () => {
    admin = await platformAdmin();
  });

  /** The storefront's sales today for one service, as reports (fed by booking events) count them. */
  const storefrontSales = async (service: string): Promise<SalesTotals> => {
    const res = await storefrontCall(
      'GET',
      `/api/admin/sales?from=${inDays(-1)}&to=${inDays(1)}&tenantId=storefront&service=${service}`,
      { headers: bearer(admin.token) },
    );
    expect(res.status).toBe(200);
    const { totals } = dataOf<{ totals: SalesTotals }>(res);
    return { bookings: totals.bookings, bookedAmount: totals.bookedAmount };
  };

  it('when platform staff book from the wallet, then the customer owns the booking, paid from the wallet, once per key', async () => {
    const customer = await registerCustomer();
    const offer = await storefrontFlight(true);
    await topUp(admin, customer, offer.price.total + 100);
    const salesBefore = await storefrontSales('flight');

    const body = customerBody(customer, offer, { reference: 'CALL-2291' });
    const key = randomUUID();
    const made = await bookFor(admin.token, body, key);
    expect(made.status).toBe(201);
    const booking = dataOf<AdminBooking>(made);
    expect(booking).toMatchObject({
      status: 'Upcoming',
      amount: offer.price.total,
      channel: 'offline',
      tenantId: null,
      clientId: null,
      customerId: customer.user.id,
      reference: 'CALL-2291',
    });

    // Paid wholly from the wallet: one debit of the total, nothing charged.
    const wallet = await walletOf(customer);
    expect(wallet.balance).toBe(100);
    expect(wallet.entries.filter((entry) => entry.bookingId === booking.id)).toEqual([
      expect.objectContaining({ type: 'debit', reason: 'booking_payment', amount: offer.price.total }),
    ]);

    // The customer's own list has it; so has the staff list of the storefront, as an offline booking.
    const own = await ownBookings(customer);
    expect(own.map((row) => [row.id, row.status, row.walletPaid, row.charged])).toEqual([
      [booking.id, 'Upcoming', offer.price.total, 0],
    ]);
    const listed = await storefrontCall('GET', `${path}?tenantId=storefront&limit=5`, {
      headers: bearer(admin.token),
    });
    expect(dataOf<AdminBooking[]>(listed).find((row) => row.id === booking.id)).toMatchObject({
      channel: 'offline',
      customerId: customer.user.id,
      tenantId: null,
    });

    // The same key replays the same booking and moves no money; another body with it is 422.
    const again = await bookFor(admin.token, body, key);
    expect([again.status, again.headers.get('idempotent-replayed'), dataOf<AdminBooking>(again).id]).toEqual([
      201,
      'true',
      booking.id,
    ]);
    expect((await walletOf(customer)).balance).toBe(100);
    expect(codeOf(await bookFor(admin.token, { ...body, reference: 'OTHER' }, key))).toEqual([
      422,
      'idempotency_key_reuse',
    ]);

    expect(await auditOf(admin, booking.id)).toEqual(['booking.created_offline']);

    // Its booking.created reaches reports as a storefront sale.
    await waitFor(
      async () =>
        expect(await storefrontSales('flight')).toEqual({
          bookings: salesBefore.bookings + 1,
          bookedAmount: salesBefore.bookedAmount + offer.price.total,
        }),
      { timeoutMs: 60_000, intervalMs: 500 },
    );

    // The customer cancels it like their own: the refundable fare goes back to the wallet.
    const cancelled = await storefrontCall('POST', `/api/bookings/${booking.id}/cancel`, {
      headers: customer.headers,
    });
    expect(cancelled.status).toBe(200);
    expect(dataOf<StorefrontBooking>(cancelled)).toMatchObject({
      status: 'Cancelled',
      refund: { amount: offer.price.total, status: 'completed' },
    });
    expect((await walletOf(customer)).balance).toBe(100 + offer.price.total);
  });

  it('when the wallet is short of the total, then 409 and nothing is booked; the same key books after a top-up', async () => {
    const customer = await registerCustomer();
    const offer = await storefrontHotel(20);
    await topUp(admin, customer, offer.price.total - 1);
    const key = randomUUID();
    const short = await bookFor(admin.token, customerBody(customer, offer), key);
    expect(codeOf(short)).toEqual([409, 'conflict']);
    expect(await ownBookings(customer)).toEqual([]);
    expect((await walletOf(customer)).balance).toBe(offer.price.total - 1);

    // An error is not remembered: the same request with the same key books once the wallet covers it.
    await topUp(admin, customer, 1);
    const made = await bookFor(admin.token, customerBody(customer, offer), key);
    expect([made.status, made.headers.get('idempotent-replayed')]).toEqual([201, null]);
    expect((await walletOf(customer)).balance).toBe(0);
    expect((await ownBookings(customer)).map((row) => row.id)).toEqual([dataOf<AdminBooking>(made).id]);
  });

  it('when the customer is unknown or the body is wrong, then 404 or 400 with details, and nothing is booked', async () => {
    const customer = await registerCustomer();
    const offer = await storefrontFlight(false);
    await topUp(admin, customer, offer.price.total);

    for (const customerId of ['cus_999999999', 'nobody'])
      expect(codeOf(await bookFor(admin.token, customerBody(customer, offer, { customerId })))).toEqual([
        404,
        'not_found',
      ]);

    const { key } = await newPartner(admin);
    const [partnerOffer] = await flightOffers(key.secret);
    const bad: [Record<string, unknown>, string][] = [
      [customerBody(customer, offer, { payment: undefined }), 'payment'],
      [customerBody(customer, offer, { payment: 'card' }), 'payment'],
      [customerBody(customer, offer, { tenantId: 'ten_1' }), 'tenantId'],
      [{ payment: 'wallet', offerToken: offer.offerToken, contact }, 'payment'],
      [customerBody(customer, offer, { offerToken: partnerOffer?.offerToken }), 'offerToken'],
      [customerBody(customer, offer, { offerToken: 'not-a-token' }), 'offerToken'],
    ];
    for (const [body, field] of bad) {
      const res = await bookFor(admin.token, body);
      expect(codeOf(res)).toEqual([400, 'bad_request']);
      const details = (res.body as { error: { details: { path: string }[] } }).error.details;
      expect(details.map((detail) => detail.path)).toContain(field);
    }
    expect(await ownBookings(customer)).toEqual([]);
    expect((await walletOf(customer)).balance).toBe(offer.price.total);
  });

  it('when tenant staff or platform staff without the support right book for a customer, then 403', async () => {
    const customer = await registerCustomer();
    const offer = await storefrontFlight(false);
    await topUp(admin, customer, offer.price.total);
    const agency = await tenantStaff(admin, ['bookings']);
    expect(codeOf(await bookFor(agency.token, customerBody(customer, offer)))).toEqual([403, 'forbidden']);
    const noRight = await platformStaff(admin, []);
    expect(codeOf(await bookFor(noRight.token, customerBody(customer, offer)))).toEqual([403, 'forbidden']);
    const support = await platformStaff(admin, ['bookings']);
    expect((await bookFor(support.token, customerBody(customer, offer))).status).toBe(201);
    expect((await walletOf(customer)).balance).toBe(0);
  });
});
