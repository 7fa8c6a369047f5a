import { randomUUID } from 'node:crypto';
import { documented, waitFor } from '@travel/testkit';
import { type AdminApi, bearer, newPartner, platformAdmin } from '../support/admin';
import { contact, flightOffers, partnerCall } from '../support/bookings';
import { consoleCall, dataOf } from '../support/console-calls';
import { type ApiResponse, openApiValidators } from '../support/gateway';
import { startSecondGateway } from '../support/second-gateway';
import { tenantStaff } from '../support/staff';

// Spending limits per API key (docs/access.md "Spending limits per key"), through two gateway processes, with
// every answer checked against the OpenAPI documents.
let second: Awaited<ReturnType<typeof startSecondGateway>>;
let admin: AdminApi;

beforeAll(async () => {
  second = await startSecondGateway(18_086);
  admin = await platformAdmin();
}, 60_000);
afterAll(() => second?.stop());

interface Refusal {
  code: string;
  details: { limit: string; amount: number; remaining: number | null; dailyLimit: number | null };
}
interface Spending {
  dailyLimit: number | null;
  perBookingLimit: number | null;
  day: string;
  spentToday: number;
  remainingToday: number | null;
  resetsAt: string;
}

/** A partner call through the second gateway, checked against the partner document like the first's. */
async function secondCall(
  secret: string,
  method: string,
  path: string,
  options: { body?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const json = options.body === undefined ? {} : { 'content-type': 'application/json' };
  const res = await fetch(`${second.url}${path}`, {
    method,
    headers: { ...bearer(secret), ...json, ...options.headers },
    body: options.body,
  });
  const text = await res.text();
  const body = res.headers.get('content-type')?.includes('application/json') ? JSON.parse(text) : undefined;
  (await openApiValidators()).partner({ method, path, status: res.status, body });
  return { status: res.status, headers: res.headers, text, body } as ApiResponse;
}

/** `POST /bookings` of one offer with a fresh idempotency key, through the stack's gateway or the second. */
function bookThrough(gateway: number, secret: string, offerToken: string): Promise<ApiResponse> {
  const call = gateway === 1 ? secondCall : partnerCall;
  return call(secret, 'POST', '/api/v1/bookings', {
    body: JSON.stringify({ offerToken, contact }),
    headers: { 'idempotency-key': randomUUID() },
  });
}

const spendingOf = (res: ApiResponse) => (res.body as { data: { spending: Spending | null } }).data.spending;
const errorOf = (res: ApiResponse) => (res.body as { error: Refusal }).error;

async function setLimits(
  keyId: string,
  limits: { dailyLimit: number | null; perBookingLimit: number | null },
) {
  const res = await consoleCall(
    admin.token,
    'PUT',
    `/api/admin/api-access/keys/${keyId}/spending-limits`,
    limits,
  );
  expect(res.status).toBe(200);
  expect(dataOf<{ spendingLimits: unknown }>(res).spendingLimits).toEqual(limits);
}

/** Both gateways apply the key's new limits (each learns the change from identity.changes). */
async function limitsApplied(secret: string, dailyLimit: number | null) {
  for (const read of [
    () => partnerCall(secret, 'GET', '/api/v1/me'),
    () => secondCall(secret, 'GET', '/api/v1/me'),
  ]) {
    await waitFor(async () => expect(spendingOf(await read())?.dailyLimit ?? null).toBe(dailyLimit), {
      timeoutMs: 5000,
      intervalMs: 50,
    });
  }
}

/** How long a test's bookings and reads may take, at most: its spending day must not end meanwhile. */
const DAY_END_MARGIN_MS = 60_000;

/**
 * The key's spending day as the server tells it (`GET /me`), one that will not end while the test books and reads:
 * within DAY_END_MARGIN_MS of the server's `resetsAt`, it waits for the next day first. The server's clock decides the
 * day, never the test's.
 */
async function spendingDay(secret: string): Promise<Pick<Spending, 'day' | 'resetsAt'>> {
  const spending = spendingOf(await partnerCall(secret, 'GET', '/api/v1/me'));
  if (!spending) throw new Error('the key has no spending limits');
  const untilReset = Date.parse(spending.resetsAt) - Date.now();
  if (untilReset > DAY_END_MARGIN_MS) return { day: spending.day, resetsAt: spending.resetsAt };
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, untilReset) + 1000));
  return spendingDay(secret);
}

describe('a daily spending limit', () => {
  it('when 20 bookings race through two gateways with a limit that fits 7, then 7 book, 13 are spending_limit_exceeded with what remains, and /me shows it', async () => {
    documented('gateway/openapi/partner.texts.yaml', 'A booking past them is `403 spending_limit_exceeded`.');
    documented(
      'gateway/openapi/partner.texts.yaml',
      "| 403 | `spending_limit_exceeded` | A booking over the key's per-booking limit or past its daily limit; `details` says what remains |",
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      "- `spending_limit_exceeded`: the booking is over the key's per-booking limit, or would take the key's bookings of the day (UTC) past its daily limit; `details` is a `SpendingLimitRefusal` (`limit`, `amount`, `remaining`, the two limits, `resetsAt`).",
    );
    documented(
      'docs/access.md',
      'Why it lives in booking and why `403`: [decisions](decisions/partner-tools.md#spending-limits-per-api-key-issue-32) ("Spending limits per API key").',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      "A booking whose `amount` is over the per-booking limit, or would take the key's bookings of the day past the daily limit, is `403 spending_limit_exceeded` and books nothing; its `details` say which limit, the amount, and what the key may still book today (`remaining`).",
    );
    const { key } = await newPartner(admin);
    const [offer] = await flightOffers(key.secret);
    if (!offer) throw new Error('no offer');
    const total = offer.price.total;
    const limit = 7 * total + Math.floor(total / 2);
    await setLimits(key.id, { dailyLimit: limit, perBookingLimit: null });
    await limitsApplied(key.secret, limit);
    const { day, resetsAt } = await spendingDay(key.secret);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => bookThrough(i % 2, key.secret, offer.offerToken)),
    );

    expect(answers.filter((res) => res.status === 201)).toHaveLength(7);
    const refused = answers.filter((res) => res.status !== 201);
    expect(refused).toHaveLength(13);
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(errorOf(res)).toMatchObject({
        code: 'spending_limit_exceeded',
        details: {
          limit: 'daily',
          amount: total,
          remaining: limit - 7 * total,
          dailyLimit: limit,
          perBookingLimit: null,
          resetsAt,
        },
      });
    }
    const list = await partnerCall(key.secret, 'GET', '/api/v1/bookings?limit=100');
    expect((list.body as { data: unknown[] }).data).toHaveLength(7);
    for (const me of [
      await partnerCall(key.secret, 'GET', '/api/v1/me'),
      await secondCall(key.secret, 'GET', '/api/v1/me'),
    ]) {
      expect(spendingOf(me)).toEqual({
        dailyLimit: limit,
        perBookingLimit: null,
        day,
        spentToday: 7 * total,
        remainingToday: limit - 7 * total,
        resetsAt,
      });
    }
  });
});

describe('a per-booking limit', () => {
  it("when the tenant's console sets one below an offer's total, then that booking is refused and a raised limit lets it book", async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'Nothing was booked; the `Idempotency-Key` is free to use again.',
    );
    documented(
      'docs/access.md',
      '- **Refusal**: `403 spending_limit_exceeded`, nothing booked, with `details` `{ limit: "daily" | "per_booking", amount, remaining, dailyLimit, perBookingLimit, resetsAt }`; `remaining` is what the key may still book today (null without a daily limit).',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      "A booking whose `amount` is over the per-booking limit, or would take the key's bookings of the day past the daily limit, is `403 spending_limit_exceeded` and books nothing; its `details` say which limit, the amount, and what the key may still book today (`remaining`).",
    );
    const staff = await tenantStaff(admin, ['api-console']);
    const [offer] = await flightOffers(staff.key.secret);
    if (!offer) throw new Error('no offer');
    const total = offer.price.total;
    const path = `/api/admin/api-console/keys/${staff.key.id}/spending-limits`;
    const tight = await consoleCall(staff.token, 'PUT', path, {
      dailyLimit: null,
      perBookingLimit: total - 1,
    });
    expect(tight.status).toBe(200);
    await waitFor(
      async () =>
        expect(spendingOf(await partnerCall(staff.key.secret, 'GET', '/api/v1/me'))?.perBookingLimit).toBe(
          total - 1,
        ),
      { timeoutMs: 5000, intervalMs: 50 },
    );
    await spendingDay(staff.key.secret);
    const idempotencyKey = randomUUID();
    const body = JSON.stringify({ offerToken: offer.offerToken, contact });
    const refused = await partnerCall(staff.key.secret, 'POST', '/api/v1/bookings', {
      body,
      headers: { 'idempotency-key': idempotencyKey },
    });
    expect(refused.status).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      code: 'spending_limit_exceeded',
      details: { limit: 'per_booking', amount: total, remaining: null, perBookingLimit: total - 1 },
    });
    // Nothing was booked.
    expect((await partnerCall(staff.key.secret, 'GET', '/api/v1/bookings')).body).toMatchObject({ data: [] });

    expect(
      (await consoleCall(staff.token, 'PUT', path, { dailyLimit: null, perBookingLimit: total })).status,
    ).toBe(200);
    await waitFor(
      async () =>
        expect(spendingOf(await partnerCall(staff.key.secret, 'GET', '/api/v1/me'))?.perBookingLimit).toBe(
          total,
        ),
      { timeoutMs: 5000, intervalMs: 50 },
    );
    const booked = await partnerCall(staff.key.secret, 'POST', '/api/v1/bookings', {
      body,
      headers: { 'idempotency-key': idempotencyKey },
    });
    expect(booked.status).toBe(201);
    expect(spendingOf(await partnerCall(staff.key.secret, 'GET', '/api/v1/me'))).toMatchObject({
      spentToday: total,
      remainingToday: null,
    });
  });

  it("when another tenant's console names the key, then 404 and its limits stay", async () => {
    const owner = await newPartner(admin);
    const other = await tenantStaff(admin, ['api-console']);
    const res = await consoleCall(
      other.token,
      'PUT',
      `/api/admin/api-console/keys/${owner.key.id}/spending-limits`,
      {
        dailyLimit: 1,
        perBookingLimit: 1,
      },
    );
    expect(res.status).toBe(404);
    expect(spendingOf(await partnerCall(owner.key.secret, 'GET', '/api/v1/me'))).toBeNull();
  });
});

describe('bad limits', () => {
  it('when the limits are invalid, then 400 lists every failing field and nothing changes', async () => {
    const { key } = await newPartner(admin);
    const path = `/api/admin/api-access/keys/${key.id}/spending-limits`;
    const paths = (res: ApiResponse) =>
      (res.body as { error: { details: { path: string }[] } }).error.details
        .map((detail) => detail.path)
        .sort();
    const both = await consoleCall(admin.token, 'PUT', path, { dailyLimit: -5, perBookingLimit: 'many' });
    expect([both.status, paths(both)]).toEqual([400, ['dailyLimit', 'perBookingLimit']]);
    const missing = await consoleCall(admin.token, 'PUT', path, {});
    expect([missing.status, paths(missing)]).toEqual([400, ['dailyLimit', 'perBookingLimit']]);
    const fractional = await consoleCall(admin.token, 'PUT', path, { dailyLimit: 10.5, perBookingLimit: 0 });
    expect([fractional.status, paths(fractional)]).toEqual([400, ['dailyLimit', 'perBookingLimit']]);
    const inverted = await consoleCall(admin.token, 'PUT', path, { dailyLimit: 1000, perBookingLimit: 2000 });
    expect([inverted.status, paths(inverted)]).toEqual([400, ['perBookingLimit']]);
    expect(spendingOf(await partnerCall(key.secret, 'GET', '/api/v1/me'))).toBeNull();
  });
});
