import { randomUUID } from 'node:crypto';
import { documented } from '@travel/testkit';
import { bookAsCustomer, storefrontCall, storefrontFlight, walletOf } from '../storefront/storefront.fixture';
import { type AdminApi, bearer, newPartner, platformAdmin } from '../support/admin';
import {
  type Booking,
  book,
  contact,
  dataOf,
  detailPaths,
  errorOf,
  flightOffers,
  partnerCall,
} from '../support/bookings';
import { auditOf } from '../support/console-calls';
import { registerCustomer } from '../support/customers';
import { type ApiResponse, call, expectDocumented } from '../support/gateway';

// Issue 42, through the gateway: every route that moves money or a booking answers a repeat of its key with
// the first answer (`Idempotent-Replayed: true`), another body with `422`, and a repeat while the first runs
// with `409 idempotency_key_in_use` and `Retry-After`; the work is done once. Every answer is checked against
// the OpenAPI documents.
let admin: AdminApi;

beforeAll(async () => {
  admin = await platformAdmin();
});

async function staffPost(path: string, body: unknown, key?: string): Promise<ApiResponse> {
  const res = await call('POST', path, {
    headers: {
      ...bearer(admin.token),
      'content-type': 'application/json',
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    body: JSON.stringify(body),
  });
  await expectDocumented('POST', path, res);
  return res;
}

/** Ten identical requests at once: one does the work, each other replays it or hears 409 with Retry-After. */
async function expectOneOfTen(send: () => Promise<ApiResponse>, okStatus: number): Promise<ApiResponse[]> {
  const answers = await Promise.all(Array.from({ length: 10 }, send));
  const made = answers.filter(
    (a) => a.status === okStatus && a.headers.get('idempotent-replayed') !== 'true',
  );
  expect(made).toHaveLength(1);
  for (const other of answers.filter((a) => !made.includes(a))) {
    if (other.status === okStatus) expect(other.headers.get('idempotent-replayed')).toBe('true');
    else {
      expect([other.status, errorOf(other).code]).toEqual([409, 'idempotency_key_in_use']);
      expect(Number(other.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  }
  return answers;
}

describe('partner bookings and cancels', () => {
  it('when ten bookings race with one key, then one booking; a repeat replays it; another body is 422', async () => {
    const { key } = await newPartner(admin);
    const [offer] = await flightOffers(key.secret);
    const idem = randomUUID();
    const body = { offerToken: offer?.offerToken, contact };
    await expectOneOfTen(() => book(key.secret, body, idem), 201);
    const again = await book(key.secret, body, idem);
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    const other = await book(key.secret, { ...body, reference: 'another' }, idem);
    expect([other.status, errorOf(other).code]).toEqual([422, 'idempotency_key_reuse']);
    const listed = (await partnerCall(key.secret, 'GET', '/api/v1/bookings')).body as { data: Booking[] };
    expect(listed.data.map((b) => b.id)).toEqual([dataOf(again).id]);
  });

  it('when the expected price is not the price to book, then 409 price_changed with the price now, and nothing is booked', async () => {
    const { key } = await newPartner(admin);
    const [offer] = await flightOffers(key.secret);
    const total = offer?.price.total ?? 0;
    const refused = await book(key.secret, {
      offerToken: offer?.offerToken,
      contact,
      expectedPrice: { amount: total + 1, currency: 'INR' },
    });
    expect([refused.status, errorOf(refused).code]).toEqual([409, 'price_changed']);
    expect((refused.body as { error: { details: unknown } }).error.details).toEqual({
      amount: total,
      currency: 'INR',
      expectedAmount: total + 1,
      expectedCurrency: 'INR',
    });
    expect(((await partnerCall(key.secret, 'GET', '/api/v1/bookings')).body as { data: [] }).data).toEqual(
      [],
    );
    const booked = await book(key.secret, {
      offerToken: offer?.offerToken,
      contact,
      expectedPrice: { amount: total, currency: 'INR' },
    });
    expect([booked.status, dataOf(booked).amount]).toEqual([201, total]);
  });

  it('when a cancel is sent twice with one key, then the same 200, the second replayed; ten at once cancel once', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '**Idempotency.** Send an `Idempotency-Key` (8 to 100 visible ASCII characters',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'the same key and body for the same booking answer the cancel that landed again (`200`, `Idempotent-Replayed: true`), not `409 conflict`; another body (or another booking) with the key is `422 idempotency_key_reuse`; while the first is still running, `409 idempotency_key_in_use` with `Retry-After`.',
    );
    const { key } = await newPartner(admin);
    const [offer] = await flightOffers(key.secret);
    const cancelOf = (id: string, idem: string) =>
      partnerCall(key.secret, 'POST', `/api/v1/bookings/${id}/cancel`, {
        headers: { 'idempotency-key': idem },
      });
    const first = dataOf(await book(key.secret, { offerToken: offer?.offerToken, contact }));
    const idem = randomUUID();
    const once = await cancelOf(first.id, idem);
    const twice = await cancelOf(first.id, idem);
    expect([once.status, twice.status, twice.headers.get('idempotent-replayed')]).toEqual([200, 200, 'true']);
    expect(twice.body).toEqual(once.body);
    const withoutKey = await partnerCall(key.secret, 'POST', `/api/v1/bookings/${first.id}/cancel`);
    expect([withoutKey.status, errorOf(withoutKey).code]).toEqual([409, 'conflict']);
    // A key is 8 to 100 visible ASCII characters: 7, 101, or one with a space is refused on the header.
    for (const malformed of ['a'.repeat(7), 'a'.repeat(101), 'with space']) {
      const refused = await cancelOf(first.id, malformed);
      expect([refused.status, errorOf(refused).code, detailPaths(refused)]).toEqual([
        400,
        'bad_request',
        ['Idempotency-Key'],
      ]);
    }

    const second = dataOf(await book(key.secret, { offerToken: offer?.offerToken, contact }));
    const racing = randomUUID();
    await expectOneOfTen(() => cancelOf(second.id, racing), 200);
    const other = await cancelOf(first.id, racing);
    expect([other.status, errorOf(other).code]).toEqual([422, 'idempotency_key_reuse']);
  });
});

describe('storefront bookings and cancels', () => {
  it('when a customer cancels twice with one key, then the same 200 and one refund', async () => {
    const customer = await registerCustomer();
    const offer = await storefrontFlight(true);
    const made = await bookAsCustomer(customer, offer);
    const id = (made.body as { data: { id: string } }).data.id;
    const idem = randomUUID();
    const cancel = () =>
      storefrontCall('POST', `/api/bookings/${id}/cancel`, {
        headers: { ...customer.headers, 'idempotency-key': idem },
      });
    const once = await cancel();
    const twice = await cancel();
    expect([once.status, twice.status, twice.headers.get('idempotent-replayed')]).toEqual([200, 200, 'true']);
    const wallet = await walletOf(customer);
    expect(wallet.entries.filter((e: { reason: string }) => e.reason === 'refund')).toHaveLength(1);
  });
});

describe('staff money: top-ups and invoice payments', () => {
  it('when a top-up is sent twice with its key, then it credits once (balance 7, not 14); ten at once credit once; no key is 400; one audit entry per key', async () => {
    const customer = await registerCustomer();
    const path = `/api/admin/wallets/${customer.user.id}/top-ups`;
    const idem = randomUUID();
    const first = await staffPost(path, { amount: 7 }, idem);
    const again = await staffPost(path, { amount: 7 }, idem);
    expect([first.status, again.status, again.headers.get('idempotent-replayed')]).toEqual([
      201,
      201,
      'true',
    ]);
    expect((await walletOf(customer)).balance).toBe(7);
    const reuse = await staffPost(path, { amount: 8 }, idem);
    expect([reuse.status, errorOf(reuse).code]).toEqual([422, 'idempotency_key_reuse']);
    const missing = await staffPost(path, { amount: 7 });
    expect([missing.status, errorOf(missing).code]).toEqual([400, 'idempotency_key_required']);
    const racing = randomUUID();
    await expectOneOfTen(() => staffPost(path, { amount: 5 }, racing), 201);
    expect((await walletOf(customer)).balance).toBe(12);
    // Billing stores each credit with its audit entry: one per key, however often it was sent.
    expect(await auditOf(admin, customer.user.id)).toEqual(['wallet.topped_up', 'wallet.topped_up']);
  });

  it('when an invoice payment is sent twice with its key, then one payment is recorded, audited once', async () => {
    const { tenant } = await newPartner(admin);
    const made = await staffPost('/api/admin/invoices', { tenantId: tenant.id, amount: 1000 });
    const id = (made.body as { data: { id: string } }).data.id;
    await call('PUT', `/api/admin/invoices/${id}`, {
      headers: { ...bearer(admin.token), 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'sent' }),
    });
    const path = `/api/admin/invoices/${id}/payments`;
    const idem = randomUUID();
    await expectOneOfTen(() => staffPost(path, { amount: 400, method: 'upi' }, idem), 201);
    const again = await staffPost(path, { amount: 400, method: 'upi' }, idem);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((again.body as { data: { paidAmount: number; payments: unknown[] } }).data).toMatchObject({
      paidAmount: 400,
      payments: [expect.objectContaining({ amount: 400 })],
    });
    // Each change of the invoice is stored with its audit entry; the payment's once.
    expect(await auditOf(admin, id)).toEqual(['invoice.payment_recorded', 'invoice.sent', 'invoice.created']);
  });
});
