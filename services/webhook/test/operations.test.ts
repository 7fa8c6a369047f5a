import { codeOf, documented, type Received, verifySignature, waitFor } from '@travel/testkit';
import { bookingEvent, caller, webhookEnv, webhookForThisFile } from './webhook.fixture';

// One retry an hour away: a failed first attempt leaves its delivery pending for the whole file.
const webhook = webhookForThisFile(webhookEnv({ WEBHOOK_RETRY_DELAYS: '1h' }));
let clientNumber = 600;
const nextClient = () => ++clientNumber;
const client = () => webhook.service().client;

async function register(who: ReturnType<typeof caller>, url: string, events: string[] = []) {
  const reply = await client().registerEndpoint({ caller: who, url, events });
  return { id: reply.endpoint?.id ?? '', secret: reply.secret };
}

/** Publishes an event of the client and waits until the receiver has had `count` requests in all. */
async function deliver(
  who: ReturnType<typeof caller>,
  hooks: { received: Received[] },
  count: number,
  type = 'booking.created',
) {
  const event = bookingEvent(who.clientId, { type });
  await webhook.publisher().publish('booking.events', event);
  await waitFor(() => expect(hooks.received).toHaveLength(count));
  return event.id;
}

const page = (who: ReturnType<typeof caller>, endpointId: string, query: Record<string, unknown> = {}) =>
  client().listDeliveries({ caller: who, endpointId, limit: 25, ...query });

/**
 * An endpoint with three deliveries, oldest first: `booking.created` answered 200 with a body,
 * `booking.cancelled` answered 500 with a 2 KiB body (pending, its retry an hour away), `booking.created` 200.
 */
async function endpointWithThreeDeliveries() {
  const who = caller(nextClient());
  const hooks = await webhook.receiver((n) =>
    n === 2 ? { status: 500, body: `broken: ${'x'.repeat(2048)}` } : { status: 200, body: `ok ${n}` },
  );
  const endpoint = await register(who, hooks.url);
  const events = [
    await deliver(who, hooks, 1),
    await deliver(who, hooks, 2, 'booking.cancelled'),
    await deliver(who, hooks, 3),
  ];
  // The third attempt's outcome is recorded after the receiver answered it.
  await waitFor(async () =>
    expect((await page(who, endpoint.id)).deliveries[0]?.status).toBe('acknowledged'),
  );
  return { who, hooks, endpoint, events };
}

describe('an endpoint deliveries, page by page', () => {
  it('when a client pages its endpoint deliveries, then they come newest first with every attempt, and filters narrow them', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      "The deliveries to one of the calling client's endpoints, newest first: the event, the status (`pending`: retries left, `succeeded`: a 2xx, `failed`: the retries ran out or the endpoint was disabled meanwhile; `POST /webhooks/{id}/recover` sends both kinds), every attempt with its time, the receiver's status code, the latency and the first bytes (at most 1 KiB) of its answer or why there was none, and when the next scheduled attempt is due.",
    );
    const { who, endpoint, events } = await endpointWithThreeDeliveries();
    const first = await client().listDeliveries({ caller: who, endpointId: endpoint.id, limit: 2 });
    expect(first.deliveries.map((d) => [d.eventId, d.status])).toEqual([
      [events[2], 'acknowledged'],
      [events[1], 'pending'],
    ]);
    const pending = first.deliveries[1];
    expect(pending?.attempts).toEqual([
      expect.objectContaining({ number: 1, statusCode: 500, acknowledged: false, manual: false }),
    ]);
    expect(Buffer.byteLength(pending?.attempts[0]?.responseBody ?? '')).toBe(1024);
    expect(pending?.attempts[0]?.responseBody).toMatch(/^broken: x+$/);
    expect(pending?.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(first.deliveries[0]?.attempts[0]?.responseBody).toBe('ok 3');
    expect(first.nextCursor).toEqual(expect.any(String));

    const second = await client().listDeliveries({
      caller: who,
      endpointId: endpoint.id,
      limit: 2,
      cursor: first.nextCursor,
    });
    expect([second.deliveries.map((d) => d.eventId), second.nextCursor]).toEqual([[events[0]], undefined]);

    expect((await page(who, endpoint.id, { status: 'pending' })).deliveries.map((d) => d.eventId)).toEqual([
      events[1],
    ]);
    expect(
      (await page(who, endpoint.id, { status: 'succeeded', eventType: 'booking.created' })).deliveries.map(
        (d) => d.eventId,
      ),
    ).toEqual([events[2], events[0]]);
    expect(
      (await page(who, endpoint.id, { eventType: 'booking.cancelled' })).deliveries.map((d) => d.eventId),
    ).toEqual([events[1]]);
    expect((await page(who, endpoint.id, { status: 'failed' })).deliveries).toEqual([]);
  });

  it('when the query is bad in every field, then one bad_request lists each', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'A `limit` outside 1 to 100, an unknown `status` or `type`, or a `cursor` this list did not return is `400 bad_request` (one `details` entry each).',
    );
    const who = caller(nextClient());
    const { id } = await register(who, 'http://127.0.0.1:9/hooks');
    await expect(
      client().listDeliveries({
        caller: who,
        endpointId: id,
        limit: 0,
        cursor: 'not-a-cursor',
        status: 'acknowledged',
        eventType: 'booking.made',
      }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: ['limit', 'status', 'type', 'cursor'].map((path) => expect.objectContaining({ path })),
    });
  });

  it('when another client, or the other environment, names the endpoint, then it is not_found', async () => {
    const who = caller(nextClient());
    const { id } = await register(who, 'http://127.0.0.1:9/hooks');
    expect(await codeOf(page(caller(nextClient()), id))).toBe('not_found');
    expect(await codeOf(page(caller(who.clientId, 'test'), id))).toBe('not_found');
  });
});

describe('redelivering a delivery', () => {
  it('when a delivery is redelivered, then one attempt goes now with its delivery id and a fresh signature, and a retry with the key sends nothing', async () => {
    const { who, hooks, endpoint, events } = await endpointWithThreeDeliveries();
    const [pending] = (await page(who, endpoint.id, { status: 'pending' })).deliveries;
    const deliveryId = pending?.id ?? '';
    const request = { caller: who, endpointId: endpoint.id, deliveryId, idempotencyKey: 'redeliver-key-1' };

    const done = await client().redeliverDelivery(request);
    expect(hooks.received).toHaveLength(4);
    const [original, again] = [hooks.received[1], hooks.received[3]];
    expect(again?.rawBody).toBe(original?.rawBody);
    expect(again?.headers['x-partner-delivery']).toBe(deliveryId);
    const now = Math.floor(Date.now() / 1000);
    expect(
      verifySignature(
        endpoint.secret,
        String(again?.headers['x-partner-signature']),
        again?.rawBody ?? '',
        now,
      ),
    ).toBe(true);
    expect(done).toMatchObject({
      replayed: false,
      attempt: { number: 0, manual: true, statusCode: 200, acknowledged: true, responseBody: 'ok 4' },
      delivery: { id: deliveryId, eventId: events[1], status: 'acknowledged', nextAttemptAt: undefined },
    });
    expect(done.delivery?.attempts.map((a) => [a.statusCode, a.manual])).toEqual([
      [500, false],
      [200, true],
    ]);

    const replay = await client().redeliverDelivery(request);
    expect(replay).toMatchObject({ replayed: true, attempt: { at: done.attempt?.at, statusCode: 200 } });
    expect(hooks.received).toHaveLength(4);

    expect(
      await codeOf(
        client().redeliverDelivery({
          ...request,
          deliveryId: done.delivery?.id.replace(/_\d+$/, '_999999') ?? '',
        }),
      ),
    ).toBe('not_found');
  });

  it('when five requests with one key race, then exactly one attempt is made', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`conflict`: a request with this `Idempotency-Key` is still sending (retry shortly), or the endpoint is disabled.',
    );
    const { who, hooks, endpoint } = await endpointWithThreeDeliveries();
    const [latest] = (await page(who, endpoint.id)).deliveries;
    const request = {
      caller: who,
      endpointId: endpoint.id,
      deliveryId: latest?.id ?? '',
      idempotencyKey: 'race-key-0001',
    };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () => client().redeliverDelivery(request)),
    );
    expect(hooks.received).toHaveLength(4);
    const answered = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    expect(answered.filter((a) => !a.replayed)).toHaveLength(1);
    for (const o of outcomes)
      if (o.status === 'rejected') expect(o.reason).toMatchObject({ code: 'conflict' });
    const after = (await page(who, endpoint.id)).deliveries[0];
    expect(after?.attempts.filter((a) => a.manual)).toHaveLength(1);
  });

  it('when the key was used for another delivery, or the endpoint is not the caller, then it is refused and nothing is sent', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'this client already used the `Idempotency-Key` (within 48 hours) for another request',
    );
    const { who, hooks, endpoint } = await endpointWithThreeDeliveries();
    const [a, b] = (await page(who, endpoint.id)).deliveries;
    const key = 'reused-key-0001';
    await client().redeliverDelivery({
      caller: who,
      endpointId: endpoint.id,
      deliveryId: a?.id ?? '',
      idempotencyKey: key,
    });
    expect(
      await codeOf(
        client().redeliverDelivery({
          caller: who,
          endpointId: endpoint.id,
          deliveryId: b?.id ?? '',
          idempotencyKey: key,
        }),
      ),
    ).toBe('idempotency_key_reuse');
    expect(
      await codeOf(
        client().redeliverDelivery({
          caller: caller(nextClient()),
          endpointId: endpoint.id,
          deliveryId: b?.id ?? '',
          idempotencyKey: 'k-stranger',
        }),
      ),
    ).toBe('not_found');
    expect(hooks.received).toHaveLength(4);
  });
});

describe('pinging an endpoint', () => {
  it('when an endpoint is pinged, then it gets a signed ping event at once and the answer is the attempt', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'Sends a `ping` event to the endpoint at once, signed and with the same headers as any delivery (`X-Partner-Event: ping`, an `X-Partner-Delivery` of its own), and answers the attempt: the status code, the latency and the first bytes of the answer, or why there was none.',
    );
    const who = caller(nextClient());
    const hooks = await webhook.receiver(() => ({ status: 204 }));
    const { id, secret } = await register(who, hooks.url, ['invoice.paid']);
    const reply = await client().pingEndpoint({ caller: who, id });
    expect(reply).toMatchObject({
      eventId: expect.stringMatching(/^evt_ping_/),
      attempt: { statusCode: 204, acknowledged: true, durationMs: expect.any(Number) },
    });
    const [ping] = hooks.received;
    expect(ping?.method).toBe('POST');
    expect(ping?.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Partner-Webhooks/1.0',
      'x-partner-event': 'ping',
      'x-partner-delivery': expect.stringMatching(/^whd_ping_/),
    });
    expect(JSON.parse(ping?.rawBody ?? '{}')).toEqual({
      id: reply.eventId,
      type: 'ping',
      created: expect.any(String),
      livemode: true,
      data: { endpointId: id },
    });
    expect(
      verifySignature(
        secret,
        String(ping?.headers['x-partner-signature']),
        ping?.rawBody ?? '',
        Math.floor(Date.now() / 1000),
      ),
    ).toBe(true);
    // Not a delivery: nothing is listed and nothing is retried.
    expect((await page(who, id)).deliveries).toEqual([]);
    expect(await codeOf(client().pingEndpoint({ caller: caller(nextClient()), id }))).toBe('not_found');
  });

  it('when the receiver is down, then the ping answers the failure', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      "The ping's attempt, whatever the receiver answered (see `attempt.succeeded`).",
    );
    const who = caller(nextClient());
    const { id } = await register(who, 'http://127.0.0.1:9/hooks');
    const reply = await client().pingEndpoint({ caller: who, id });
    expect(reply.attempt).toMatchObject({
      acknowledged: false,
      statusCode: undefined,
      error: expect.any(String),
    });
  });
});

describe('changing an endpoint', () => {
  it('when url and events change, then the next event goes to the new URL if subscribed', async () => {
    const who = caller(nextClient());
    const before = await webhook.receiver();
    const after = await webhook.receiver();
    const { id } = await register(who, before.url);
    const changed = await client().updateEndpoint({
      caller: who,
      id,
      url: after.url,
      events: { types: ['booking.cancelled'] },
    });
    expect(changed.endpoint).toMatchObject({
      id,
      url: after.url,
      events: ['booking.cancelled'],
      status: 'active',
    });
    await webhook.publisher().publish('booking.events', bookingEvent(who.clientId));
    await deliver(who, after, 1, 'booking.cancelled');
    expect(after.bodies().map((b) => b.type)).toEqual(['booking.cancelled']);
    expect(before.received).toEqual([]);
  });

  it('when an endpoint is disabled, then its pending delivery ends and nothing more is sent until it is enabled again', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`409 conflict` also when the endpoint is disabled (enable it first).',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`conflict`: a request with this `Idempotency-Key` is still sending (retry shortly), or the endpoint is disabled.',
    );
    documented('docs/webhooks.md', 'The endpoint must be enabled (`409` otherwise).');
    const { who, hooks, endpoint } = await endpointWithThreeDeliveries();
    const disabled = await client().updateEndpoint({ caller: who, id: endpoint.id, enabled: false });
    expect(disabled.endpoint?.status).toBe('disabled');
    expect((await page(who, endpoint.id, { status: 'pending' })).deliveries).toEqual([]);
    const [latest] = (await page(who, endpoint.id)).deliveries;
    expect(
      await codeOf(
        client().redeliverDelivery({
          caller: who,
          endpointId: endpoint.id,
          deliveryId: latest?.id ?? '',
          idempotencyKey: 'while-disabled',
        }),
      ),
    ).toBe('conflict');
    await webhook.publisher().publish('booking.events', bookingEvent(who.clientId));

    const enabled = await client().updateEndpoint({ caller: who, id: endpoint.id, enabled: true });
    expect(enabled.endpoint?.status).toBe('active');
    const resumed = await deliver(who, hooks, 4);
    expect(hooks.bodies().at(-1)?.id).toBe(resumed);
  });

  it('when url and events are both bad, then one bad_request lists each and nothing changes; another client is not_found', async () => {
    const who = caller(nextClient());
    const { id } = await register(who, 'http://127.0.0.1:9/hooks');
    await expect(
      client().updateEndpoint({
        caller: who,
        id,
        url: 'http://10.0.0.8/hooks',
        events: { types: ['booking.made'] },
      }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: [expect.objectContaining({ path: 'url' }), expect.objectContaining({ path: 'events.0' })],
    });
    expect(await codeOf(client().updateEndpoint({ caller: caller(nextClient()), id, enabled: false }))).toBe(
      'not_found',
    );
    expect((await client().listEndpoints({ caller: who })).endpoints).toEqual([
      expect.objectContaining({ id, url: 'http://127.0.0.1:9/hooks', events: [], status: 'active' }),
    ]);
  });
});
