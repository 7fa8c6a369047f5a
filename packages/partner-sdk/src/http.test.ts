import { PartnerClient } from './client';
import { PartnerApiError } from './errors';
import { parseRetryAfter } from './http';
import { type Answer, scriptedServer, stopScriptedServers } from './testing/scripted-server';

afterEach(stopScriptedServers);

const rateLimited = (retryAfter: string): Answer => ({
  status: 429,
  headers: { 'retry-after': retryAfter },
  body: { error: { code: 'rate_limited', message: 'Too many requests', requestId: 'req-rl', details: null } },
});
const unavailable: Answer = {
  status: 503,
  body: { error: { code: 'service_unavailable', message: 'Try again', requestId: 'req-503', details: null } },
};
const me = { status: 200, body: { data: { clientId: 7, client: 'Acme' } } };
const booking = { status: 201, body: { data: { id: 'bkg_1', status: 'Upcoming' } } };
const client = (baseUrl: string, retry = {}) => new PartnerClient({ apiKey: 'ptk_test_x', baseUrl, retry });

async function rejection(promise: Promise<unknown>): Promise<PartnerApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PartnerApiError))
    throw new Error(`expected a PartnerApiError, got ${String(error)}`);
  return error;
}

describe('retries against a real HTTP server', () => {
  it('waits out Retry-After on a 429 and then answers the success', async () => {
    const { baseUrl, seen } = await scriptedServer([rateLimited('1'), me]);
    await expect(client(baseUrl).me()).resolves.toMatchObject({ clientId: 7 });
    expect(seen).toHaveLength(2);
    expect((seen[1]?.at ?? 0) - (seen[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(seen[0]?.headers.authorization).toBe('Bearer ptk_test_x');
  });

  it('keeps one generated Idempotency-Key across the retries of a booking, and uses a given one', async () => {
    const { baseUrl, seen } = await scriptedServer([unavailable, rateLimited('0'), booking, booking]);
    const sdk = client(baseUrl, { baseDelayMs: 10 });
    const made = await sdk.createBooking({
      offerToken: 'ot',
      contact: { name: 'A', email: 'a@example.com' },
    });
    expect(made.booking.id).toBe('bkg_1');
    expect(seen.slice(0, 3).map((s) => s.headers['idempotency-key'])).toEqual([
      made.idempotencyKey,
      made.idempotencyKey,
      made.idempotencyKey,
    ]);
    expect(made.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await sdk.createBooking(
      { offerToken: 'ot', contact: { name: 'A', email: 'a@example.com' } },
      {
        idempotencyKey: 'my-own-key-1',
      },
    );
    expect(seen[3]?.headers['idempotency-key']).toBe('my-own-key-1');
    expect(JSON.parse(seen[3]?.body ?? '{}')).toMatchObject({ offerToken: 'ot' });
  });

  it('gives up after maxRetries with the last error, its code, status and requestId', async () => {
    const { baseUrl, seen } = await scriptedServer([unavailable]);
    const error = await rejection(client(baseUrl, { maxRetries: 2, baseDelayMs: 10 }).me());
    expect(seen).toHaveLength(3);
    expect(error).toMatchObject({ status: 503, code: 'service_unavailable', requestId: 'req-503' });
  });

  it('does not wait a Retry-After longer than maxDelayMs: the 429 is thrown at once with retryAfterSeconds', async () => {
    const { baseUrl, seen } = await scriptedServer([rateLimited('120'), me]);
    const started = Date.now();
    const error = await rejection(client(baseUrl, { maxDelayMs: 5000 }).me());
    expect(Date.now() - started).toBeLessThan(1000);
    expect(seen).toHaveLength(1);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 120 });
  });

  it('does not retry a webhook registration on 503 service_unavailable, nor other errors', async () => {
    const hooks = await scriptedServer([unavailable, me]);
    const error = await rejection(client(hooks.baseUrl).registerWebhook({ url: 'https://example.com/h' }));
    expect([hooks.seen.length, error.code]).toEqual([1, 'service_unavailable']);

    const notFound = await scriptedServer([
      {
        status: 404,
        body: { error: { code: 'not_found', message: 'No', requestId: 'req-404', details: null } },
      },
    ]);
    const missing = await rejection(client(notFound.baseUrl).getBooking('bkg_9'));
    expect([notFound.seen.length, missing.code, missing.status, missing.requestId]).toEqual([
      1,
      'not_found',
      404,
      'req-404',
    ]);
    expect(notFound.seen[0]?.url).toBe('/api/v1/bookings/bkg_9');
  });

  it('reports an answer that is not the error envelope as unexpected_response with the X-Request-Id', async () => {
    const { baseUrl } = await scriptedServer([{ status: 502, headers: { 'content-type': 'text/html' } }]);
    const error = await rejection(client(baseUrl, { maxRetries: 0 }).me());
    expect(error).toMatchObject({ status: 502, code: 'unexpected_response', requestId: 'req-1' });
  });

  it('does not retry spending_limit_exceeded and gives its details as spendingLimit; a bad_request has none', async () => {
    const refusal = {
      limit: 'daily',
      amount: 10943,
      remaining: 4200,
      dailyLimit: 50000,
      perBookingLimit: null,
      resetsAt: '2026-11-27T00:00:00.000Z',
    };
    const { baseUrl, seen } = await scriptedServer([
      {
        status: 403,
        body: {
          error: { code: 'spending_limit_exceeded', message: 'Over', requestId: 'req-sl', details: refusal },
        },
      },
    ]);
    const error = await rejection(
      client(baseUrl).createBooking({ offerToken: 'ot', contact: { name: 'A', email: 'a@b.c' } }),
    );
    expect(error).toMatchObject({ status: 403, code: 'spending_limit_exceeded', details: null });
    expect(error.spendingLimit).toEqual(refusal);
    expect(seen).toHaveLength(1);
    const bad = new PartnerApiError({
      status: 400,
      code: 'bad_request',
      message: 'Validation failed.',
      requestId: null,
      details: [{ path: 'contact.email', message: 'Must be an email.' }],
    });
    expect(bad.spendingLimit).toBeNull();
  });

  it('walks every page with the iterator, passing nextCursor as cursor', async () => {
    const { baseUrl, seen } = await scriptedServer([
      { status: 200, body: { data: [{ id: 'bkg_3' }, { id: 'bkg_2' }], hasMore: true, nextCursor: 'c1' } },
      { status: 200, body: { data: [{ id: 'bkg_1' }], hasMore: false, nextCursor: null } },
    ]);
    const ids: string[] = [];
    for await (const b of client(baseUrl).bookings({ limit: 2 })) ids.push(b.id);
    expect(ids).toEqual(['bkg_3', 'bkg_2', 'bkg_1']);
    expect(seen.map((s) => s.url)).toEqual([
      '/api/v1/bookings?limit=2',
      '/api/v1/bookings?limit=2&cursor=c1',
    ]);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });
});

describe('webhook secret rotation and recovery', () => {
  it('rotates a secret with its overlap in one request, never retried on 503', async () => {
    const rotated = { id: 'whk_3', secret: 'whsec_n', previousSecretExpiresAt: '2026-11-22 10:00:00' };
    const hooks = await scriptedServer([{ status: 200, body: { data: rotated } }]);
    expect(await client(hooks.baseUrl).rotateWebhookSecret('whk_3', { overlapSeconds: 0 })).toEqual(rotated);
    expect(hooks.seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['POST', '/api/v1/webhooks/whk_3/rotate-secret', '{"overlapSeconds":0}'],
    ]);
    const down = await scriptedServer([unavailable, { status: 200, body: { data: rotated } }]);
    const error = await rejection(client(down.baseUrl).rotateWebhookSecret('whk_3'));
    expect([down.seen.length, error.code, down.seen[0]?.body]).toEqual([1, 'service_unavailable', '{}']);
  });

  it('recovers with one Idempotency-Key across retries, and reports a replay', async () => {
    const hooks = await scriptedServer([
      unavailable,
      { status: 200, headers: { 'idempotent-replayed': 'true' }, body: { data: { queued: 4 } } },
    ]);
    const since = '2026-11-21T10:00:00Z';
    const result = await client(hooks.baseUrl, { baseDelayMs: 1 }).recoverWebhookDeliveries('whk_3', {
      since,
    });
    expect(result).toEqual({ queued: 4, idempotencyKey: expect.any(String), replayed: true });
    expect(hooks.seen.map((s) => s.headers['idempotency-key'])).toEqual([
      result.idempotencyKey,
      result.idempotencyKey,
    ]);
    expect(hooks.seen[0]?.url).toBe('/api/v1/webhooks/whk_3/recover');
    const mine = await scriptedServer([{ status: 200, body: { data: { queued: 0 } } }]);
    const given = await client(mine.baseUrl).recoverWebhookDeliveries(
      'whk_3',
      { since },
      { idempotencyKey: 'key-00001' },
    );
    expect([given, mine.seen[0]?.headers['idempotency-key']]).toEqual([
      { queued: 0, idempotencyKey: 'key-00001', replayed: false },
      'key-00001',
    ]);
  });
});

describe('retries that are safe because of the Idempotency-Key (issue 42)', () => {
  const inUse = (retryAfter: string): Answer => ({
    status: 409,
    headers: { 'retry-after': retryAfter },
    body: {
      error: {
        code: 'idempotency_key_in_use',
        message: 'Still running',
        requestId: 'req-409',
        details: { retryAfterSeconds: Number(retryAfter) },
      },
    },
  });
  const serverError: Answer = {
    status: 500,
    body: { error: { code: 'internal_error', message: 'Oops', requestId: 'req-500', details: null } },
  };

  it('retries a booking after a dropped connection, a 500 and a 409 idempotency_key_in_use, with the same key, waiting out Retry-After', async () => {
    const { baseUrl, seen } = await scriptedServer(['drop', serverError, inUse('1'), booking]);
    const made = await client(baseUrl, { baseDelayMs: 10 }).createBooking({
      offerToken: 'ot',
      contact: { name: 'A', email: 'a@example.com' },
    });
    expect(made.booking.id).toBe('bkg_1');
    expect(seen.map((s) => s.headers['idempotency-key'])).toEqual(Array(4).fill(made.idempotencyKey));
    expect((seen[3]?.at ?? 0) - (seen[2]?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('sends a generated key with a cancel and keeps it across the retries', async () => {
    const cancelled = { status: 200, body: { data: { id: 'bkg_1', status: 'Cancelled' } } };
    const { baseUrl, seen } = await scriptedServer(['drop', cancelled]);
    await expect(client(baseUrl, { baseDelayMs: 10 }).cancelBooking('bkg_1')).resolves.toMatchObject({
      status: 'Cancelled',
    });
    const keys = seen.map((s) => s.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys).toEqual([keys[0], keys[0]]);
  });

  it('never retries a request without a key on a dropped connection or a 500 (it may have run), and stops after maxRetries', async () => {
    const { baseUrl, seen } = await scriptedServer([serverError]);
    const register = client(baseUrl, { baseDelayMs: 10 }).registerWebhook({
      url: 'https://example.com/h',
      events: [],
    });
    expect((await rejection(register)).status).toBe(500);
    expect(seen).toHaveLength(1);
    const dropped = await scriptedServer(['drop']);
    await expect(
      client(dropped.baseUrl, { baseDelayMs: 10 }).registerWebhook({
        url: 'https://example.com/h',
        events: [],
      }),
    ).rejects.toThrow();
    expect(dropped.seen).toHaveLength(1);
    const bounded = await scriptedServer([serverError]);
    expect(
      (
        await rejection(
          client(bounded.baseUrl, { baseDelayMs: 5, maxRetries: 2 }).createBooking({
            offerToken: 'ot',
            contact: { name: 'A', email: 'a@example.com' },
          }),
        )
      ).code,
    ).toBe('internal_error');
    expect(bounded.seen).toHaveLength(3);
  });

  it('reads the price now from a 409 price_changed and does not retry it', async () => {
    const changed: Answer = {
      status: 409,
      body: {
        error: {
          code: 'price_changed',
          message: 'Price changed',
          requestId: 'req-p',
          details: { amount: 11200, currency: 'INR', expectedAmount: 10943, expectedCurrency: 'INR' },
        },
      },
    };
    const { baseUrl, seen } = await scriptedServer([changed]);
    const error = await rejection(
      client(baseUrl).createBooking({
        offerToken: 'ot',
        contact: { name: 'A', email: 'a@example.com' },
        expectedPrice: { amount: 10943, currency: 'INR' },
      }),
    );
    expect(error.priceChanged).toEqual({
      amount: 11200,
      currency: 'INR',
      expectedAmount: 10943,
      expectedCurrency: 'INR',
    });
    expect(seen).toHaveLength(1);
  });
});
