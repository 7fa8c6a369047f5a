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
      // Whole seconds, at most the 3 s lease, and the same number in the envelope.
      const seconds = Number(other.headers.get('retry-after'));
      expect([Number.isInteger(seconds), seconds >= 1, seconds <= 3]).toEqual([true, true, true]);
      expect((other.body as { error: { details: unknown } }).error.details).toEqual({
        retryAfterSeconds: seconds,
      });
    }
  }
  return answers;
}

describe('partner bookings and cancels', () => {
  it('when ten bookings race with one key, then one booking; a repeat replays it; another body is 422', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '- Same key while the first request is still running: `409 idempotency_key_in_use` at once, with `Retry-After` (whole seconds, at most the lease of a few seconds) and the same number in `details.retryAfterSeconds`; retry with the same key and body then.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      "On `idempotency_key_in_use`: whole seconds until the first request's lease ends (at most a few); retry with the same key and body then.",
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      '- `idempotency_key_in_use`: the first request with this `Idempotency-Key` is still running; retry with the same key and body after `Retry-After` seconds (also in `details.retryAfterSeconds`);',
    );
    documented(
      'docs/idempotency.md',
      "- **Same key while the first request is still running**: `409 idempotency_key_in_use` at once, with `Retry-After` (whole seconds: what is left of the first request's lease, at most a few) and the same number in the envelope's `details.retryAfterSeconds`.",
    );
    documented(
      'docs/idempotency.md',
      '- **Same key, another body** (or, on a cancel, another booking): `422 idempotency_key_reuse`; nothing changes.',
    );
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
    documented(
      'gateway/openapi/partner.texts.yaml',
      '**Expected price.** Send `expectedPrice` (`price.total` and `price.currency` as the search showed them) to book only at that price: when the price to book differs (a pricing rule changed since the search), the answer is `409 price_changed` with the price now in `details`, and nothing is booked; the key stays free, so book again with the new price once your traveller agreed.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      '- `price_changed`: the price to book is not your `expectedPrice`; `details` has the price now (`amount`, `currency`) and the one you sent.',
    );
    documented('gateway/openapi/partner.texts.yaml', 'Absent on `price_changed`.');
    documented('gateway/openapi/partner.texts.yaml', '- Only a `201` is remembered.');
    documented(
      'docs/idempotency.md',
      '- **Expected price.** A booking may carry `expectedPrice` (`amount` and `currency` as the search showed them): when the price to book differs, `409 price_changed` with the price now in `details` (`amount`, `currency`, `expectedAmount`, `expectedCurrency`), and nothing is booked, reserved or paid.',
    );
    const { key } = await newPartner(admin);
    const [offer] = await flightOffers(key.secret);
    const total = offer?.price.total ?? 0;
    const idem = randomUUID();
    const refused = await book(
      key.secret,
      { offerToken: offer?.offerToken, contact, expectedPrice: { amount: total + 1, currency: 'INR' } },
      idem,
    );
    expect([refused.status, errorOf(refused).code]).toEqual([409, 'price_changed']);
    expect(refused.headers.get('retry-after')).toBeNull();
    expect((refused.body as { error: { details: unknown } }).error.details).toEqual({
      amount: total,
      currency: 'INR',
      expectedAmount: total + 1,
      expectedCurrency: 'INR',
    });
    expect(((await partnerCall(key.secret, 'GET', '/api/v1/bookings')).body as { data: [] }).data).toEqual(
      [],
    );
    // The key stays free: the same key books at the price now.
    const booked = await book(
      key.secret,
      { offerToken: offer?.offerToken, contact, expectedPrice: { amount: total, currency: 'INR' } },
      idem,
    );
    expect([booked.status, booked.headers.get('idempotent-replayed'), dataOf(booked).amount]).toEqual([
      201,
      null,
      total,
    ]);
  });

  it('when a cancel is sent twice with one key, then the same 200, the second replayed; ten at once cancel once', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`true` when this answer is that of an earlier request with the same `Idempotency-Key` and body (the change was made once, by it).',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      '- `idempotency_key_in_use`: the first cancel with this `Idempotency-Key` is still running; retry with the same key after `Retry-After` seconds;',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`idempotency_key_reuse`: this client already used the `Idempotency-Key` (within 48 hours) with a different body (or, cancelling, for another booking).',
    );
    documented(
      'docs/idempotency.md',
      'A create answers `201`, a cancel `200`, also when the booking was cancelled by that very first request.',
    );
    documented(
      'docs/idempotency.md',
      '- **Same key, another body** (or, on a cancel, another booking): `422 idempotency_key_reuse`; nothing changes.',
    );
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
    const bookingKey = randomUUID();
    const first = dataOf(await book(key.secret, { offerToken: offer?.offerToken, contact }, bookingKey));
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
    // The create's key, after the booking was cancelled: still the first 201.
    const created = await book(key.secret, { offerToken: offer?.offerToken, contact }, bookingKey);
    expect([created.status, created.headers.get('idempotent-replayed'), dataOf(created).id]).toEqual([
      201,
      'true',
      first.id,
    ]);
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
