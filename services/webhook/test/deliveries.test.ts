import { documented, failFirst, type Received, verifySignature, waitFor } from '@travel/testkit';
import {
  bookingEvent,
  caller,
  invoicePaidEvent,
  SUPPORT,
  webhookEnv,
  webhookForThisFile,
} from './webhook.fixture';

const DELAYS = [300, 600, 900, 1200, 1500];
const webhook = webhookForThisFile(
  webhookEnv({ WEBHOOK_RETRY_DELAYS: DELAYS.map((ms) => `${ms}ms`).join(',') }),
);
let clientNumber = 200;
const nextClient = () => ++clientNumber;
const receiver = webhook.receiver;

async function register(who: ReturnType<typeof caller>, url: string, events: string[] = []) {
  const reply = await webhook.service().client.registerEndpoint({ caller: who, url, events });
  return { id: reply.endpoint?.id ?? '', secret: reply.secret };
}

async function deliveryOf(eventId: string) {
  const [delivery] = (await webhook.service().client.listDeliveries({ caller: SUPPORT, eventId })).deliveries;
  return delivery;
}

/** Gaps between consecutive requests, in ms. */
const gaps = (received: Received[]) => received.slice(1).map((r, i) => r.at - (received[i]?.at ?? 0));

describe('webhook deliveries', () => {
  it('when a booking event arrives, then the endpoint gets the event body with the five headers, signed as documented', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'Deliveries: `POST` of the event (see the `WebhookEvent` schema) with `Content-Type`, `User-Agent: Partner-Webhooks/1.0`, `X-Partner-Event`, `X-Partner-Delivery` and `X-Partner-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the secret>`.',
    );
    const who = caller(nextClient());
    const hooks = await receiver();
    const { secret } = await register(who, hooks.url);
    const event = bookingEvent(who.clientId);
    await webhook.publisher().publish('booking.events', event);
    await waitFor(() => expect(hooks.received).toHaveLength(1));

    const [request] = hooks.received as [Received];
    expect(request.method).toBe('POST');
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Partner-Webhooks/1.0',
      'x-partner-event': 'booking.created',
      'x-partner-delivery': expect.stringMatching(/^whd_/),
    });
    expect(JSON.parse(request.rawBody)).toEqual({
      id: event.id,
      type: 'booking.created',
      created: event.occurredAt?.toISOString(),
      livemode: true,
      // The event's place in the client's events feed: its first event.
      sequence: 1,
      data: {
        id: 'bkg_41',
        pnr: 'K7QX2M',
        type: 'flight',
        status: 'Upcoming',
        amount: 10_815,
        currency: 'INR',
        reference: 'PO-1001',
        simulated: true,
      },
    });
    const header = String(request.headers['x-partner-signature']);
    const now = Math.floor(Date.now() / 1000);
    expect(verifySignature(secret, header, request.rawBody, now)).toBe(true);
    const t = Number(/t=(\d+)/.exec(header)?.[1]);
    expect(Math.abs(now - t)).toBeLessThanOrEqual(5);
    // Any changed byte of the body, or a changed timestamp, fails; so does another secret or a stale t.
    expect(verifySignature(secret, header, request.rawBody.replace('10815', '10816'), now)).toBe(false);
    expect(verifySignature(secret, header.replace(`t=${t}`, `t=${t + 1}`), request.rawBody, now)).toBe(false);
    expect(verifySignature(`${secret}x`, header, request.rawBody, now)).toBe(false);
    expect(verifySignature(secret, header, request.rawBody, now + 301)).toBe(false);
  });

  it('when events arrive, then only endpoints of that client, environment and subscription get them, and invoice.paid every client of the tenant', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`events` selects the types to receive (`booking.created`, `booking.cancelled`, `invoice.paid`); an empty or absent list receives all of them.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`booking.*` events go to the endpoints of the client that made the booking; `invoice.paid` to the endpoints of every client of the tenant.',
    );
    const booker = caller(nextClient());
    const colleague = caller(nextClient());
    const outsider = caller(nextClient(), 'live', 'ten_other');
    const live = await receiver();
    const test = await receiver();
    const cancelsOnly = await receiver();
    const colleagues = await receiver();
    const outsiders = await receiver();
    await register(booker, live.url);
    await register(caller(booker.clientId, 'test'), test.url);
    await register(booker, cancelsOnly.url, ['booking.cancelled']);
    await register(colleague, colleagues.url);
    await register(outsider, outsiders.url);

    await webhook.publisher().publish('booking.events', bookingEvent(booker.clientId));
    await webhook
      .publisher()
      .publish(
        'booking.events',
        bookingEvent(booker.clientId, { type: 'booking.cancelled', livemode: false }),
      );
    await webhook.publisher().publish('billing.events', invoicePaidEvent('ten_a'));
    await webhook
      .publisher()
      .publish('booking.events', bookingEvent(booker.clientId, { type: 'booking.cancelled' }));

    await waitFor(() => expect(cancelsOnly.bodies().map((b) => b.type)).toEqual(['booking.cancelled']));
    await waitFor(() =>
      expect(
        live
          ?.bodies()
          .map((b) => b.type)
          .sort(),
      ).toEqual(['booking.cancelled', 'booking.created', 'invoice.paid']),
    );
    expect(test.bodies().map((b) => [b.type, (b as { livemode?: boolean }).livemode])).toEqual([
      ['booking.cancelled', false],
    ]);
    expect(colleagues.bodies().map((b) => b.type)).toEqual(['invoice.paid']);
    expect(colleagues.bodies()[0]?.data).toEqual({
      id: 'inv_7',
      number: 'INV-2026-000007',
      amount: 21_630,
      paidAmount: 21_630,
      status: 'paid',
      dueDate: '05 Dec 2026',
    });
    expect(outsiders.received).toEqual([]);
  });

  it('when Kafka delivers the same event twice, then the endpoint gets it once', async () => {
    const who = caller(nextClient());
    const hooks = await receiver();
    await register(who, hooks.url);
    const event = bookingEvent(who.clientId);
    await webhook.publisher().publish('booking.events', event);
    await webhook.publisher().publish('booking.events', event);
    await webhook
      .publisher()
      .publish('booking.events', bookingEvent(who.clientId, { type: 'booking.cancelled' }));
    await waitFor(() => expect(hooks.received).toHaveLength(2));
    expect(hooks.bodies().map((b) => b.type)).toEqual(['booking.created', 'booking.cancelled']);
  });

  it('when the receiver fails three times, then four attempts at the configured delays, then acknowledged, each recorded', async () => {
    const who = caller(nextClient());
    const hooks = await receiver(failFirst(3));
    await register(who, hooks.url);
    const event = bookingEvent(who.clientId);
    await webhook.publisher().publish('booking.events', event);
    await waitFor(async () => expect((await deliveryOf(event.id))?.status).toBe('acknowledged'), {
      timeoutMs: 30_000,
    });

    expect(hooks.received).toHaveLength(4);
    // Never before its delay; the upper bound leaves a busy machine its scheduling lag and still tells the
    // configured delays from the default schedule (a minute and more).
    gaps(hooks.received).forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(DELAYS[i] ?? 0);
      expect(gap).toBeLessThan((DELAYS[i] ?? 0) + 5000);
    });
    expect(new Set(hooks.received.map((r) => r.headers['x-partner-delivery'])).size).toBe(1);
    const delivery = await deliveryOf(event.id);
    expect(delivery?.attempts.map((a) => [a.number, a.statusCode, a.acknowledged])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 500, false],
      [4, 200, true],
    ]);
    expect(delivery?.nextAttemptAt).toBeUndefined();
  });

  it('when the receiver always fails (a redirect too), then six attempts, the last after the last delay, then failed', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'Answer any 2xx within 5 seconds; anything else (a 3xx too), a timeout or a connection error is retried after 1 minute, 5 minutes, 30 minutes, 2 hours and 12 hours, then the delivery is marked failed.',
    );
    const who = caller(nextClient());
    const hooks = await receiver((n) => ({ status: n === 1 ? 302 : 503 }));
    await register(who, hooks.url);
    const event = bookingEvent(who.clientId);
    await webhook.publisher().publish('booking.events', event);
    await waitFor(async () => expect((await deliveryOf(event.id))?.status).toBe('failed'), {
      timeoutMs: 15_000,
    });

    expect(hooks.received).toHaveLength(1 + DELAYS.length);
    expect(gaps(hooks.received).at(-1)).toBeGreaterThanOrEqual(DELAYS.at(-1) ?? 0);
    const attempts = (await deliveryOf(event.id))?.attempts ?? [];
    expect(attempts.map((a) => a.statusCode)).toEqual([302, 503, 503, 503, 503, 503]);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(hooks.received).toHaveLength(1 + DELAYS.length);
  });

  it('when the receiver takes 6 seconds, then the attempt counts as failed at 5 seconds and a retry is scheduled', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'Answer any 2xx within 5 seconds; anything else (a 3xx too), a timeout or a connection error is retried',
    );
    const who = caller(nextClient());
    const hooks = await receiver((n) => ({ status: 200, sleepMs: n === 1 ? 6000 : 0 }));
    await register(who, hooks.url);
    const event = bookingEvent(who.clientId);
    await webhook.publisher().publish('booking.events', event);
    await waitFor(async () => expect((await deliveryOf(event.id))?.status).toBe('acknowledged'), {
      timeoutMs: 20_000,
    });

    const [first, second] = (await deliveryOf(event.id))?.attempts ?? [];
    expect(first).toMatchObject({
      number: 1,
      acknowledged: false,
      error: expect.stringContaining('5000 ms'),
    });
    // Cut at the timeout, not answered: no status (the receiver's 200 came at 6 s). The duration is at least the
    // timeout; a busy machine may add to it, so its upper bound only rules out waiting for a retry's worth.
    expect(first?.statusCode).toBeUndefined();
    expect(first?.durationMs).toBeGreaterThanOrEqual(5000);
    expect(first?.durationMs).toBeLessThan(10_000);
    expect(second).toMatchObject({ number: 2, statusCode: 200, acknowledged: true });
  });

  it('when the receiver cannot be reached, then the connection error is an attempt without a status, retried like any failure, then failed', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'a timeout or a connection error is retried after 1 minute, 5 minutes, 30 minutes, 2 hours and 12 hours, then the delivery is marked failed',
    );
    const who = caller(nextClient());
    // Nothing listens on port 9 (discard): every attempt is refused before any answer.
    await register(who, 'http://127.0.0.1:9/hooks');
    const event = bookingEvent(who.clientId);
    await webhook.publisher().publish('booking.events', event);
    await waitFor(async () => expect((await deliveryOf(event.id))?.status).toBe('failed'), {
      timeoutMs: 15_000,
    });
    const attempts = (await deliveryOf(event.id))?.attempts ?? [];
    expect(attempts.map((a) => [a.number, a.statusCode, a.acknowledged])).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => [n, undefined, false]),
    );
    expect(attempts.every((a) => (a.error ?? '') !== '')).toBe(true);
  });
});
