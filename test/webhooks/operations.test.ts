import { randomUUID } from 'node:crypto';
import { PartnerClient } from '@partner-travel/sdk';
import { documented, type Received, startReceiver, verifySignature, waitFor } from '@travel/testkit';
import { newPartner, platformAdmin } from '../support/admin';
import { book, contact, dataOf, detailPaths, errorOf, flightOffers, partnerCall } from '../support/bookings';
import { gatewayUrl } from '../support/gateway';
import { endpointOf, registerWebhook } from '../support/webhooks';

type Hooks = Awaited<ReturnType<typeof startReceiver>>;
const receivers: Hooks[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.stop()));
});

async function receiver(...args: Parameters<typeof startReceiver>) {
  const hooks = await startReceiver(...args);
  receivers.push(hooks);
  return hooks;
}

interface Attempt {
  at: string;
  statusCode: number | null;
  latencyMs: number;
  responseBody: string | null;
  error: string | null;
  succeeded: boolean;
  manual: boolean;
}
interface Delivery {
  id: string;
  eventId: string;
  eventType: string;
  status: string;
  createdAt: string;
  attempts: Attempt[];
  nextAttemptAt: string | null;
}
interface Page {
  data: Delivery[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** `GET /webhooks/{id}/deliveries` with this query, checked against the OpenAPI document. */
async function deliveries(secret: string, id: string, query = ''): Promise<Page> {
  const res = await partnerCall(secret, 'GET', `/api/v1/webhooks/${id}/deliveries${query}`);
  expect(res.status).toBe(200);
  return res.body as Page;
}

const redeliver = (secret: string, id: string, deliveryId: string, key: string | null) =>
  partnerCall(secret, 'POST', `/api/v1/webhooks/${id}/deliveries/${deliveryId}/redeliver`, {
    headers: key === null ? {} : { 'idempotency-key': key },
  });

const nowSeconds = () => Math.floor(Date.now() / 1000);
const signedBy = (secret: string, request: Received | undefined) =>
  verifySignature(
    secret,
    String(request?.headers['x-partner-signature']),
    request?.rawBody ?? '',
    nowSeconds(),
  );

/**
 * A partner whose endpoint heard one booking: its first attempt answered 500 with a body, the retry (1 s later
 * on the e2e stack) 200, so the delivery is `succeeded` with two attempts; then the booking is cancelled, and
 * that delivery succeeds at once.
 */
async function partnerWithDeliveries() {
  const { key } = await newPartner(await platformAdmin());
  const hooks = await receiver((n) =>
    n === 1 ? { status: 500, body: 'not ready yet' } : { status: 200, body: `ok ${n}` },
  );
  const endpoint = endpointOf(await registerWebhook(key.secret, { url: hooks.url }));
  const [offer] = await flightOffers(key.secret);
  const booking = dataOf(await book(key.secret, { offerToken: offer?.offerToken, contact }));
  await waitFor(() => expect(hooks.received).toHaveLength(2), { timeoutMs: 20_000 });
  expect((await partnerCall(key.secret, 'POST', `/api/v1/bookings/${booking.id}/cancel`)).status).toBe(200);
  await waitFor(() => expect(hooks.received).toHaveLength(3), { timeoutMs: 20_000 });
  await waitFor(
    async () =>
      expect((await deliveries(key.secret, endpoint.id)).data.map((d) => d.status)).toEqual([
        'succeeded',
        'succeeded',
      ]),
    { timeoutMs: 20_000 },
  );
  return { key, hooks, endpoint, booking };
}

describe('webhook operations through the gateway', () => {
  it('when a partner lists an endpoint deliveries, then they come newest first, page by page, with every attempt and the first bytes of each answer', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'A `limit` outside 1 to 100, an unknown `status` or `type`, or a `cursor` this list did not return is `400 bad_request` (one `details` entry each).',
    );
    documented(
      'docs/webhooks.md',
      "| `GET /webhooks/{id}/deliveries` | The endpoint's deliveries, newest first, in cursor pages (`limit`, `cursor`), narrowed by `status`",
    );
    const { key, endpoint, booking } = await partnerWithDeliveries();
    const first = await deliveries(key.secret, endpoint.id, '?limit=1');
    expect(first.data.map((d) => d.eventType)).toEqual(['booking.cancelled']);
    expect(first.hasMore).toBe(true);
    const second = await deliveries(key.secret, endpoint.id, `?limit=1&cursor=${first.nextCursor}`);
    expect(second).toMatchObject({ hasMore: false, nextCursor: null });
    const [created] = second.data;
    expect(created).toMatchObject({
      id: expect.stringMatching(/^whd_/),
      eventId: expect.stringMatching(/^evt_/),
      eventType: 'booking.created',
      status: 'succeeded',
      nextAttemptAt: null,
    });
    expect(created?.attempts.map((a) => [a.statusCode, a.responseBody, a.succeeded, a.manual])).toEqual([
      [500, 'not ready yet', false, false],
      [200, 'ok 2', true, false],
    ]);
    expect(booking.id).toMatch(/^bkg_/);

    const createdOnly = await deliveries(key.secret, endpoint.id, '?type=booking.created&status=succeeded');
    expect(createdOnly.data.map((d) => d.id)).toEqual([created?.id]);
    expect((await deliveries(key.secret, endpoint.id, '?status=pending')).data).toEqual([]);

    const bad = await partnerCall(
      key.secret,
      'GET',
      `/api/v1/webhooks/${endpoint.id}/deliveries?cursor=not-ours`,
    );
    expect([bad.status, errorOf(bad).code, detailPaths(bad)]).toEqual([400, 'bad_request', ['cursor']]);
    const shape = await partnerCall(
      key.secret,
      'GET',
      `/api/v1/webhooks/${endpoint.id}/deliveries?limit=0&status=done&type=x`,
    );
    expect([shape.status, detailPaths(shape)?.sort()]).toEqual([400, ['limit', 'status', 'type']]);
  });

  it('when a delivery is redelivered with a key, then one attempt goes with the same delivery id and a fresh signature; the key again sends nothing, even five at once', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      "The body is the event exactly as first sent, the `X-Partner-Delivery` header keeps the delivery's id (so your de-duplication still works) and `X-Partner-Signature` is made afresh (a new `t`).",
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      '**Idempotency.** Every request needs an `Idempotency-Key` header (as for `POST /bookings`: 8 to 100 visible ASCII characters',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'The same key again answers the attempt it made (`Idempotent-Replayed: true`) and sends nothing; the same key while its first request is still sending is `409 conflict`; the same key for another delivery is `422 idempotency_key_reuse`.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'this client already used the `Idempotency-Key` (within 48 hours) for another request',
    );
    documented(
      'docs/webhooks.md',
      '| `POST /webhooks/{id}/deliveries/{deliveryId}/redeliver` | One attempt now, with the same body and `X-Partner-Delivery` (your de-duplication keeps working) and a fresh `X-Partner-Signature`. Needs an `Idempotency-Key`: the same key again answers the first attempt (`Idempotent-Replayed: true`) and sends nothing. A 2xx makes the delivery `succeeded`.',
    );
    const { key, hooks, endpoint } = await partnerWithDeliveries();
    const [cancelled, created] = (await deliveries(key.secret, endpoint.id)).data;
    const idempotencyKey = randomUUID();

    const first = await redeliver(key.secret, endpoint.id, created?.id ?? '', idempotencyKey);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(hooks.received).toHaveLength(4);
    const [original, again] = [hooks.received[0], hooks.received[3]];
    expect(again?.rawBody).toBe(original?.rawBody);
    expect(again?.headers['x-partner-delivery']).toBe(created?.id);
    expect(signedBy(endpoint.secret ?? '', again)).toBe(true);
    expect(again?.headers['x-partner-signature']).not.toBe(original?.headers['x-partner-signature']);
    const made = (first.body as { data: { attempt: Attempt; delivery: Delivery } }).data;
    expect(made.attempt).toMatchObject({
      statusCode: 200,
      responseBody: 'ok 4',
      succeeded: true,
      manual: true,
    });
    expect(made.delivery.attempts).toHaveLength(3);

    const replay = await redeliver(key.secret, endpoint.id, created?.id ?? '', idempotencyKey);
    expect([replay.status, replay.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect((replay.body as { data: { attempt: Attempt } }).data.attempt).toEqual(made.attempt);
    expect(hooks.received).toHaveLength(4);

    // Five requests with one new key at once: one attempt, the others replay it or are told it is under way.
    const raced = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => redeliver(key.secret, endpoint.id, cancelled?.id ?? '', raced)),
    );
    expect(answers.map((a) => a.status).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(answers.filter((a) => a.status === 200 && !a.headers.get('idempotent-replayed'))).toHaveLength(1);
    expect(hooks.received).toHaveLength(5);
    const listed = (await deliveries(key.secret, endpoint.id)).data[0];
    expect(listed?.attempts.filter((a) => a.manual)).toHaveLength(1);

    const reused = await redeliver(key.secret, endpoint.id, cancelled?.id ?? '', idempotencyKey);
    expect([reused.status, errorOf(reused).code]).toEqual([422, 'idempotency_key_reuse']);
    const keyless = await redeliver(key.secret, endpoint.id, cancelled?.id ?? '', null);
    expect([keyless.status, errorOf(keyless).code]).toEqual([400, 'idempotency_key_required']);
    // A key is 8 to 100 visible ASCII characters: 7, 101, or one with a space is refused on the header.
    for (const malformed of ['a'.repeat(7), 'a'.repeat(101), 'with space'])
      expect(
        await redeliver(key.secret, endpoint.id, cancelled?.id ?? '', malformed).then((res) => [
          res.status,
          errorOf(res).code,
          detailPaths(res),
        ]),
      ).toEqual([400, 'bad_request', ['Idempotency-Key']]);
    expect(hooks.received).toHaveLength(5);
  });

  it('when an endpoint is pinged, then a signed ping event reaches it at once and the answer is the attempt', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'Sends a `ping` event to the endpoint at once, signed and with the same headers as any delivery (`X-Partner-Event: ping`, an `X-Partner-Delivery` of its own), and answers the attempt: the status code, the latency and the first bytes of the answer, or why there was none.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      "The ping's attempt, whatever the receiver answered (see `attempt.succeeded`).",
    );
    const { key } = await newPartner(await platformAdmin());
    const hooks = await receiver(() => ({ status: 202, body: 'pong' }));
    const { id, secret } = endpointOf(
      await registerWebhook(key.secret, { url: hooks.url, events: ['invoice.paid'] }),
    );
    const res = await partnerCall(key.secret, 'POST', `/api/v1/webhooks/${id}/ping`);
    expect(res.status).toBe(200);
    const { eventId, attempt } = (res.body as { data: { eventId: string; attempt: Attempt } }).data;
    expect(attempt).toMatchObject({
      statusCode: 202,
      latencyMs: expect.any(Number),
      responseBody: 'pong',
      succeeded: true,
      error: null,
    });
    expect(hooks.received).toHaveLength(1);
    const [ping] = hooks.received;
    // The headers of any delivery, with a delivery id of its own.
    expect(ping?.method).toBe('POST');
    expect(ping?.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Partner-Webhooks/1.0',
      'x-partner-event': 'ping',
      'x-partner-delivery': expect.stringMatching(/^whd_ping_/),
    });
    expect(JSON.parse(ping?.rawBody ?? '{}')).toMatchObject({
      id: eventId,
      type: 'ping',
      livemode: true,
      data: { endpointId: id },
    });
    expect(signedBy(secret ?? '', ping)).toBe(true);

    const down = endpointOf(await registerWebhook(key.secret, { url: 'http://127.0.0.1:9/hooks' }));
    const failed = await partnerCall(key.secret, 'POST', `/api/v1/webhooks/${down.id}/ping`);
    expect(failed.status).toBe(200);
    expect((failed.body as { data: { attempt: Attempt } }).data.attempt).toMatchObject({
      statusCode: null,
      succeeded: false,
      error: expect.any(String),
    });
  });

  it('when an endpoint is changed, then bad fields are listed together and a change applies, also disabling and enabling again', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`url` and `events` are checked as at registration: a refused URL, an unknown event type or a non-boolean `enabled` is `400 bad_request` with a `details` entry for every failing field at once, and nothing changes',
    );
    documented(
      'docs/webhooks.md',
      '| `PATCH /webhooks/{id}` | Changes `url`, `events` and `enabled`, each checked as at registration (every failing field listed in one `400`: a URL that is no absolute `http(s)` URL, carries credentials or names a private address, an unknown event type, a non-boolean `enabled`, together;',
    );
    const { key } = await newPartner(await platformAdmin());
    const { id } = endpointOf(await registerWebhook(key.secret, { url: 'http://127.0.0.1:9/hooks' }));
    const bad = await partnerCall(key.secret, 'PATCH', `/api/v1/webhooks/${id}`, {
      // A bad URL, an unknown type and a non-boolean enabled: all three in one answer (issue 44).
      body: JSON.stringify({ url: 'http://10.0.0.8/hooks', events: ['booking.made'], enabled: 'yes' }),
    });
    expect([bad.status, errorOf(bad).code, detailPaths(bad)]).toEqual([
      400,
      'bad_request',
      ['url', 'events.0', 'enabled'],
    ]);
    const shape = await partnerCall(key.secret, 'PATCH', `/api/v1/webhooks/${id}`, {
      body: JSON.stringify({ url: 7, events: 'all', enabled: 'no' }),
    });
    expect([shape.status, detailPaths(shape)?.sort()]).toEqual([400, ['enabled', 'events', 'url']]);
    // Nothing changed.
    const unchanged = await partnerCall(key.secret, 'GET', '/api/v1/webhooks');
    expect((unchanged.body as { data: unknown[] }).data).toEqual([
      expect.objectContaining({ id, url: 'http://127.0.0.1:9/hooks', events: [], status: 'active' }),
    ]);

    const changed = await partnerCall(key.secret, 'PATCH', `/api/v1/webhooks/${id}`, {
      body: JSON.stringify({ url: 'http://127.0.0.1:9/v2', events: ['booking.cancelled'], enabled: false }),
    });
    expect([changed.status, (changed.body as { data: unknown }).data]).toEqual([
      200,
      expect.objectContaining({
        id,
        url: 'http://127.0.0.1:9/v2',
        events: ['booking.cancelled'],
        status: 'disabled',
      }),
    ]);
    const listed = await partnerCall(key.secret, 'GET', '/api/v1/webhooks');
    expect((listed.body as { data: { status: string }[] }).data.map((e) => e.status)).toEqual(['disabled']);
    const enabled = await partnerCall(key.secret, 'PATCH', `/api/v1/webhooks/${id}`, {
      body: JSON.stringify({ enabled: true }),
    });
    expect((enabled.body as { data: { status: string; url: string } }).data).toMatchObject({
      status: 'active',
      url: 'http://127.0.0.1:9/v2',
    });
  });

  it('when another client names an endpoint, then every operation on it is 404 not_found', async () => {
    documented('gateway/openapi/partner.texts.yaml', '`404 not_found` as for `DELETE /webhooks/{id}`.');
    documented(
      'gateway/openapi/partner.texts.yaml',
      "`404 not_found` when the endpoint is not the caller's (as for `DELETE /webhooks/{id}`) or the delivery is not one of its.",
    );
    documented(
      'docs/webhooks.md',
      "reaches only the calling client's endpoints of the key's environment; any other id is `404 not_found`",
    );
    const admin = await platformAdmin();
    const owner = await newPartner(admin);
    const stranger = await newPartner(admin);
    // The owner's own test key is of the other environment: the live endpoint is not its either.
    const ownerTest = await admin.createKey(owner.client.id, { environment: 'test' });
    const { id } = endpointOf(await registerWebhook(owner.key.secret, { url: 'http://127.0.0.1:9/hooks' }));
    const calls = [
      partnerCall(ownerTest.secret, 'GET', `/api/v1/webhooks/${id}/deliveries`),
      partnerCall(ownerTest.secret, 'POST', `/api/v1/webhooks/${id}/ping`),
      partnerCall(ownerTest.secret, 'DELETE', `/api/v1/webhooks/${id}`),
      partnerCall(stranger.key.secret, 'GET', `/api/v1/webhooks/${id}/deliveries`),
      partnerCall(stranger.key.secret, 'POST', `/api/v1/webhooks/${id}/ping`),
      partnerCall(stranger.key.secret, 'PATCH', `/api/v1/webhooks/${id}`, {
        body: JSON.stringify({ enabled: false }),
      }),
      redeliver(stranger.key.secret, id, 'whd_abc_1', randomUUID()),
      redeliver(owner.key.secret, id, 'whd_abc_1', randomUUID()),
      redeliver(owner.key.secret, id, 'not-a-delivery', randomUUID()),
    ];
    for (const res of await Promise.all(calls))
      expect([res.status, errorOf(res).code]).toEqual([404, 'not_found']);
    const list = await partnerCall(owner.key.secret, 'GET', '/api/v1/webhooks');
    expect((list.body as { data: { status: string }[] }).data.map((e) => e.status)).toEqual(['active']);
  });

  it('when the SDK drives the operations, then pages, redelivery, ping and changes work against the platform', async () => {
    const { key, hooks, endpoint } = await partnerWithDeliveries();
    const sdk = new PartnerClient({ apiKey: key.secret, baseUrl: `${gatewayUrl()}/api/v1` });
    const all = [];
    for await (const delivery of sdk.webhookDeliveries(endpoint.id, { limit: 1 }))
      all.push(delivery.eventType);
    expect(all).toEqual(['booking.cancelled', 'booking.created']);
    const [latest] = (await sdk.listWebhookDeliveries(endpoint.id, { type: 'booking.cancelled' })).data;
    const made = await sdk.redeliverWebhookDelivery(endpoint.id, latest?.id ?? '');
    const again = await sdk.redeliverWebhookDelivery(endpoint.id, latest?.id ?? '', {
      idempotencyKey: made.idempotencyKey,
    });
    expect([made.replayed, again.replayed, again.attempt]).toEqual([false, true, made.attempt]);
    expect(hooks.received).toHaveLength(4);
    expect((await sdk.pingWebhook(endpoint.id)).attempt.succeeded).toBe(true);
    expect(await sdk.updateWebhook(endpoint.id, { events: ['booking.created'] })).toMatchObject({
      events: ['booking.created'],
    });
  });
});
