import { randomUUID } from 'node:crypto';
import { waitFor } from '@travel/testkit';
import { type AdminApi, platformAdmin } from '../support/admin';
import { book, contact, flightOffers, partnerCall } from '../support/bookings';
import { codeOf, consoleCall, dataOf, platformStaff } from '../support/console-calls';
import type { ApiResponse } from '../support/gateway';
import { tenantStaff } from '../support/staff';

// Vouchers on a tenant's offline booking (issue 13; docs/decisions/bookings.md "Admin bookings"): redeemed exactly by
// the booking with the tenant as holder, shown as `discount`, invoiced less it, given back on cancel.
interface Discount {
  code: string | null;
  amount: number;
  total: number;
}
interface AdminBooking {
  id: string;
  status: string;
  channel: string;
  tenantId: string | null;
  amount: number;
  discount: Discount | null;
}
type Staff = Awaited<ReturnType<typeof tenantStaff>>;

const day = 86_400_000;
const newCode = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

let admin: AdminApi;
/** Platform staff with the right `vouchers`: creates and allocates the vouchers. */
let marketing: string;
/** Tenant staff with the right `bookings` (may redeem their tenant's vouchers). */
let agentA: Staff;
let agentB: Staff;

beforeAll(async () => {
  admin = await platformAdmin();
  marketing = (await platformStaff(admin, ['vouchers'])).token;
  agentA = await tenantStaff(admin, ['bookings']);
  agentB = await tenantStaff(admin, ['bookings']);
}, 120_000);

async function voucher(fields: Record<string, unknown>, allocateTo: string[] = []) {
  const res = await consoleCall(marketing, 'POST', '/api/admin/vouchers', {
    code: newCode('AGT'),
    amount: 300,
    validFrom: new Date(Date.now() - 60_000).toISOString(),
    validUntil: new Date(Date.now() + day).toISOString(),
    ...fields,
  });
  if (res.status !== 201) throw new Error(`voucher answered ${res.status}: ${res.text}`);
  const made = dataOf<{ id: string; code: string }>(res);
  for (const tenantId of allocateTo) {
    const allocated = await consoleCall(marketing, 'POST', `/api/admin/vouchers/${made.id}/allocate`, {
      tenantId,
    });
    expect(allocated.status).toBe(201);
  }
  return made;
}

async function redeemedCount(voucherId: string): Promise<number | undefined> {
  const res = await consoleCall(marketing, 'GET', '/api/admin/vouchers?limit=100');
  return dataOf<{ id: string; redeemedCount: number }[]>(res).find((v) => v.id === voucherId)?.redeemedCount;
}

/** An offer token search issued to the staff member's tenant (each booking may use it again). */
async function offerOf(staff: Staff) {
  const [offer] = await flightOffers(staff.key.secret);
  if (!offer) throw new Error('the search found no flight');
  return offer;
}

function bookOffline(token: string, body: Record<string, unknown>, key: string = randomUUID()) {
  return consoleCall(token, 'POST', '/api/admin/bookings', { contact, ...body }, { 'idempotency-key': key });
}

const bookingOf = (res: ApiResponse) => dataOf<AdminBooking>(res);
const refusal = (res: ApiResponse) => [
  res.status,
  (res.body as { error?: { code: string; message: string } }).error?.code,
  (res.body as { error?: { code: string; message: string } }).error?.message,
];

async function offlineBookingsOf(staff: Staff): Promise<AdminBooking[]> {
  const res = await consoleCall(staff.token, 'GET', '/api/admin/bookings?limit=100');
  return dataOf<AdminBooking[]>(res).filter((row) => row.channel === 'offline');
}

describe("vouchers on a tenant's offline booking", () => {
  it('when 12 offline bookings race for a voucher of 5 redemptions, then exactly 5 are booked with its discount and 7 are 409 and book nothing', async () => {
    const staff = await tenantStaff(admin, ['bookings']);
    const made = await voucher({ maxRedemptions: 5, audience: 'tenants' }, [staff.tenant.id]);
    const offer = await offerOf(staff);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        bookOffline(staff.token, { offerToken: offer.offerToken, voucherCode: made.code.toLowerCase() }),
      ),
    );
    const booked = answers.filter((res) => res.status === 201).map(bookingOf);
    expect(booked).toHaveLength(5);
    for (const booking of booked)
      expect(booking).toMatchObject({
        channel: 'offline',
        tenantId: staff.tenant.id,
        amount: offer.price.total,
        discount: { code: made.code, amount: 300, total: offer.price.total - 300 },
      });
    const refused = answers.filter((res) => res.status !== 201);
    expect(refused.map(refusal)).toEqual(
      Array.from({ length: 7 }, () => [409, 'conflict', 'The voucher has been fully redeemed.']),
    );
    // Nothing else was booked, and the list shows each booking's discount.
    const listed = await offlineBookingsOf(staff);
    expect(listed.map((row) => row.id).sort()).toEqual(booked.map((row) => row.id).sort());
    expect(listed.every((row) => row.discount?.code === made.code)).toBe(true);
    expect(await redeemedCount(made.id)).toBe(5);
  });

  it("when one tenant's staff race past its per-tenant limit, then exactly that many are booked, and another tenant still redeems it", async () => {
    const made = await voucher({ maxRedemptions: 50, maxRedemptionsPerHolder: 2 });
    const offer = await offerOf(agentA);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        bookOffline(agentA.token, { offerToken: offer.offerToken, voucherCode: made.code }),
      ),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(2);
    const refused = answers.filter((res) => res.status !== 201);
    expect(refused.map(refusal)).toEqual(
      Array.from({ length: 6 }, () => [409, 'conflict', 'You have used this voucher as often as it allows.']),
    );
    const other = await bookOffline(agentB.token, {
      offerToken: (await offerOf(agentB)).offerToken,
      voucherCode: made.code,
    });
    expect([other.status, bookingOf(other).discount?.amount]).toEqual([201, 300]);
    expect(await redeemedCount(made.id)).toBe(3);
  });

  it('when the same key is sent again, then the same booking is answered and nothing more is redeemed', async () => {
    const made = await voucher({ maxRedemptions: 3 }, []);
    const body = { offerToken: (await offerOf(agentA)).offerToken, voucherCode: made.code };
    const key = randomUUID();
    const first = await bookOffline(agentA.token, body, key);
    expect(first.status).toBe(201);
    const again = await bookOffline(agentA.token, body, key);
    expect([again.status, again.headers.get('idempotent-replayed'), bookingOf(again)]).toEqual([
      201,
      'true',
      bookingOf(first),
    ]);
    expect(await redeemedCount(made.id)).toBe(1);
  });

  it('when the voucher is not one the tenant may use, or the staff member lacks the right, then it is 404 or 403 and nothing is booked', async () => {
    const ofB = await voucher({ audience: 'tenants' }, [agentB.tenant.id]);
    const forCustomers = await voucher({ audience: 'customers' });
    const offer = await offerOf(agentA);
    const before = (await offlineBookingsOf(agentA)).length;
    for (const code of [ofB.code, forCustomers.code, newCode('NONE')])
      expect(
        codeOf(await bookOffline(agentA.token, { offerToken: offer.offerToken, voucherCode: code })),
      ).toEqual([404, 'not_found']);
    // The platform books for tenant A as tenant A: B's voucher is not A's either; for B it is.
    expect(
      codeOf(
        await bookOffline(admin.token, {
          tenantId: agentA.tenant.id,
          offerToken: offer.offerToken,
          voucherCode: ofB.code,
        }),
      ),
    ).toEqual([404, 'not_found']);
    const forB = await bookOffline(admin.token, {
      tenantId: agentB.tenant.id,
      offerToken: (await offerOf(agentB)).offerToken,
      voucherCode: ofB.code,
    });
    expect([forB.status, bookingOf(forB).discount?.code]).toEqual([201, ofB.code]);

    const noRight = await tenantStaff(admin, []);
    const refused = await bookOffline(noRight.token, {
      offerToken: (await offerOf(noRight)).offerToken,
      voucherCode: ofB.code,
    });
    expect(codeOf(refused)).toEqual([403, 'forbidden']);
    const forCustomer = await bookOffline(admin.token, {
      customerId: 'cus_1',
      payment: 'wallet',
      offerToken: offer.offerToken,
      voucherCode: ofB.code,
    });
    expect(codeOf(forCustomer)).toEqual([400, 'bad_request']);
    expect(
      (forCustomer.body as { error: { details: { path: string }[] } }).error.details.map((d) => d.path),
    ).toEqual(['voucherCode']);
    expect((await offlineBookingsOf(agentA)).length).toBe(before);
  });

  it('when a booking with a voucher is invoiced and cancelled, then the tenant owed the total after the discount and the redemption comes back once', async () => {
    const staff = await tenantStaff(admin, ['bookings']);
    const made = await voucher({ maxRedemptions: 1 });
    const offer = await offerOf(staff);
    const res = await bookOffline(staff.token, { offerToken: offer.offerToken, voucherCode: made.code });
    expect(res.status).toBe(201);
    const booking = bookingOf(res);
    const full = await bookOffline(staff.token, { offerToken: offer.offerToken, voucherCode: made.code });
    expect(refusal(full)).toEqual([409, 'conflict', 'The voucher has been fully redeemed.']);

    // The tenant is invoiced the total after the discount.
    const invoice = await waitFor(
      async () => {
        const created = await consoleCall(admin.token, 'POST', '/api/admin/invoices', {
          tenantId: staff.tenant.id,
        });
        expect(created.status).toBe(201);
        return dataOf<{ amount: number; lines: { bookingId: string; amount: number }[] }>(created);
      },
      { timeoutMs: 20_000, intervalMs: 300 },
    );
    expect(invoice.amount).toBe(offer.price.total - 300);
    expect(invoice.lines.map((line) => [line.bookingId, line.amount])).toEqual([
      [booking.id, offer.price.total - 300],
    ]);

    // Another tenant's staff do not find it; its own staff cancel it.
    expect(
      codeOf(await consoleCall(agentA.token, 'POST', `/api/admin/bookings/${booking.id}/cancel`, {})),
    ).toEqual([404, 'not_found']);
    const cancelled = await consoleCall(staff.token, 'POST', `/api/admin/bookings/${booking.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(bookingOf(cancelled)).toMatchObject({
      id: booking.id,
      status: 'Cancelled',
      discount: { code: made.code, amount: 300 },
    });
    await waitFor(async () => expect(await redeemedCount(made.id)).toBe(0), {
      timeoutMs: 20_000,
      intervalMs: 300,
    });
    const twice = await consoleCall(staff.token, 'POST', `/api/admin/bookings/${booking.id}/cancel`, {});
    expect(codeOf(twice)).toEqual([409, 'conflict']);
    // Given back once: the next booking takes the one redemption, the one after finds none.
    const next = await bookOffline(staff.token, { offerToken: offer.offerToken, voucherCode: made.code });
    expect(next.status).toBe(201);
    const after = await bookOffline(staff.token, { offerToken: offer.offerToken, voucherCode: made.code });
    expect(refusal(after)).toEqual([409, 'conflict', 'The voucher has been fully redeemed.']);
  });

  it("when staff cancel a partner's booking, then it is 409 and it stays; the platform cancels any tenant's offline booking", async () => {
    const offer = await offerOf(agentA);
    const partnerBooking = await book(agentA.key.secret, { offerToken: offer.offerToken, contact });
    expect(partnerBooking.status).toBe(201);
    const partnerId = (partnerBooking.body as { data: { id: string } }).data.id;
    const refused = await consoleCall(agentA.token, 'POST', `/api/admin/bookings/${partnerId}/cancel`);
    expect(codeOf(refused)).toEqual([409, 'conflict']);
    const still = await partnerCall(agentA.key.secret, 'GET', `/api/v1/bookings/${partnerId}`);
    expect((still.body as { data: { status: string } }).data.status).toBe('Upcoming');

    const booked = await bookOffline(agentA.token, { offerToken: offer.offerToken });
    expect([booked.status, bookingOf(booked).discount]).toEqual([201, null]);
    const id = bookingOf(booked).id;
    const byPlatform = await consoleCall(admin.token, 'POST', `/api/admin/bookings/${id}/cancel`);
    expect([byPlatform.status, bookingOf(byPlatform).status]).toEqual([200, 'Cancelled']);
    for (const unknown of ['bkg_999999999999', 'nope'])
      expect(
        codeOf(await consoleCall(agentA.token, 'POST', `/api/admin/bookings/${unknown}/cancel`)),
      ).toEqual([404, 'not_found']);
  });
});
