import { randomUUID } from 'node:crypto';
import { PROFILES, resolveInfraUrls, restartProcess, waitReplicaReady } from '@travel/local-deploy';
import { inDays, startReceiver, waitFor } from '@travel/testkit';
import { type AdminApi, ALL_SCOPES, bearer, newPartner, platformAdmin } from '../support/admin';
import { book, contact, dataOf, type FlightOffer, flightOffers } from '../support/bookings';
import {
  allBookings,
  isAcceptable,
  isRunning,
  type Outcome,
  restartService,
  type SteadyLoad,
  startSteadyLoad,
  summarise,
  waitAllServing,
} from '../support/faults';
import { call, platformHealth } from '../support/gateway';
import {
  type Frozen,
  freeze,
  latencies,
  type StoreRelay,
  startStoreRelay,
  stopProcess,
  storeAddress,
  viaRelay,
  watchReadiness,
} from '../support/outages';
import { registerWebhook } from '../support/webhooks';

// Issue 41: a shared dependency down under load must not take the platform down with it. For each outage, with
// partner calls running through the gateway: every process still running stays ready (what Kubernetes would
// ask), partner `GET /me` with a key already used answers 200, the calls that need the missing part answer `503`
// with `Retry-After` within a second, nothing hangs, and once it is back every booking's `booking.created`
// reaches the partner exactly once. docs/decisions/health.md says what each outage means on this machine: Kafka
// and Redis are frozen in place (SIGSTOP), identity is stopped (every replica of it), and "one service's store"
// is booking's path to the store, cut at a relay (secantusd itself serves every service here).

const OUTAGE_MS = { kafka: 60_000, redis: 60_000, identity: 30_000, store: 20_000 };
/** How soon a call that cannot work must be refused (`503` with `Retry-After`). */
const FAST_MS = 1000;
/** After the last outage: how long every booking's webhook may take to arrive (consumers rejoining their groups). */
const SETTLE_MS = 300_000;

jest.setTimeout(20 * 60_000);

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
let receiver: Receiver;
let secret: string;
let admin: AdminApi;
let clientId: number;
let offers: FlightOffer[];
const frozen: Frozen[] = [];
let relay: StoreRelay | undefined;
/** Every booking this file made (Idempotency-Key → the body sent and, once answered 201, its id). */
const bookings: Outcome[] = [];
/** One line per outage for the closing note: how long partner calls took meanwhile. */
const figures: Record<string, unknown> = {};

beforeAll(async () => {
  await waitAllServing(60_000);
  admin = await platformAdmin();
  const { key, client } = await newPartner(admin, { rateLimit: { limit: 100_000, windowSeconds: 1 } });
  secret = key.secret;
  clientId = client.id;
  receiver = await startReceiver();
  expect((await registerWebhook(secret, { url: receiver.url, events: ['booking.created'] })).status).toBe(
    201,
  );
  offers = await flightOffers(secret, inDays(30));
});

afterAll(async () => {
  // Whatever happened: nothing left frozen, identity running, booking back on the store itself.
  for (const f of frozen) f.resume();
  if (!isRunning('identity')) await restartService('identity');
  if (relay) {
    await restartService('booking');
    await relay.close();
  }
  await receiver?.stop();
  process.stderr.write(`[outages] partner calls during each outage (ms): ${JSON.stringify(figures)}\n`);
});

/** A partner call, bounded, with nothing around it (the time measured is the gateway's alone). */
const partner = (
  method: string,
  path: string,
  key = secret,
  body?: unknown,
  headers: Record<string, string> = {},
) =>
  call(method, path, {
    headers: {
      ...bearer(key),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    timeoutMs: 10_000,
  });

/** A call that cannot work now: `503 service_unavailable` with `Retry-After`, within FAST_MS. */
async function expectFast503(label: string, send: () => Promise<Awaited<ReturnType<typeof call>>>) {
  const started = performance.now();
  const res = await send();
  const ms = Math.round(performance.now() - started);
  const code = (res.body as { error?: { code?: string } } | undefined)?.error?.code;
  expect({
    label,
    status: res.status,
    code,
    retryAfter: res.headers.get('retry-after'),
    fast: ms <= FAST_MS,
  }).toEqual({
    label,
    status: 503,
    code: 'service_unavailable',
    retryAfter: expect.stringMatching(/^\d+$/),
    fast: true,
  });
  return ms;
}

/**
 * One outage under load: the load starts, `down()` makes the fault, `during()` checks what must hold while it
 * lasts (after a few seconds, so the platform has noticed), `up()` ends it after `outageMs`; the load runs on
 * until the platform is all SERVING again. Readiness is watched from before the fault to the end of the
 * recovery. Returns the outcomes sent while the fault lasted.
 */
async function outage(
  name: string,
  {
    outageMs,
    down,
    during,
    up,
    stopped = [],
  }: {
    outageMs: number;
    down: () => Promise<void>;
    during: () => Promise<void>;
    up: () => Promise<void>;
    stopped?: Parameters<typeof watchReadiness>[0];
  },
): Promise<Outcome[]> {
  const load: SteadyLoad = startSteadyLoad(secret, offers, { tickMs: 500, searchDate: inDays(30) });
  const readiness = watchReadiness(stopped);
  let outcomes: Outcome[] = [];
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    load.phase(name);
    const downAt = Date.now();
    await down();
    await new Promise((resolve) => setTimeout(resolve, 5000));
    await during();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, outageMs - (Date.now() - downAt))));
    load.phase(`recover ${name}`);
    await up();
    await waitAllServing(120_000);
    load.phase(`after ${name}`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  } finally {
    outcomes = await load.stop();
    const { probes, unready } = await readiness.stop();
    bookings.push(...outcomes.filter((o) => o.kind === 'book'));
    const inOutage = outcomes.filter((o) => o.phase === name);
    figures[name] = latencies(inOutage);
    process.stderr.write(
      `[outages] ${name}: ${JSON.stringify(summarise(outcomes))}; latency ${JSON.stringify(figures[name])}; ` +
        `${probes} readiness rounds, unready: ${JSON.stringify(unready)}\n`,
    );
    // Every process that was not stopped on purpose stayed ready, the whole time.
    expect(unready).toEqual([]);
  }
  // Nothing hung, nothing failed otherwise: each answer a success or the documented 503, in time.
  expect(outcomes.filter((o) => !isAcceptable(o))).toEqual([]);
  // Partner GET /me with this key (used since the start) answered 200 throughout.
  expect(outcomes.filter((o) => o.kind === 'me' && o.status !== 200)).toEqual([]);
  // Once it is back, everything answers again.
  expect(outcomes.filter((o) => o.phase === `after ${name}` && !isSuccess(o))).toEqual([]);
  return outcomes.filter((o) => o.phase === name);
}

const isSuccess = (o: Outcome) => (o.kind === 'book' ? o.status === 201 : o.status === 200);

describe('a shared dependency down under load', () => {
  it('when Kafka is frozen for 60 s, then everything stays ready, bookings and cancellations succeed, and their events wait', async () => {
    let cancelled: number | undefined;
    const during = await outage('kafka frozen', {
      outageMs: OUTAGE_MS.kafka,
      down: async () => {
        frozen.push(freeze(Number(resolveInfraUrls().kafkaBrokers[0]?.split(':')[1]), OUTAGE_MS.kafka));
      },
      during: async () => {
        const made = await book(secret, { offerToken: offers[0]?.offerToken, contact });
        expect(made.status).toBe(201);
        bookings.push({
          kind: 'book',
          phase: 'kafka frozen',
          status: 201,
          ms: 0,
          bookingId: dataOf(made).id,
        });
        cancelled = (await partner('POST', `/api/v1/bookings/${dataOf(made).id}/cancel`, secret, {})).status;
        // An identity write: its identity.changed notice waits in identity's outbox, so it succeeds like a booking.
        const started = performance.now();
        const issued = await call('POST', `/api/admin/api-access/clients/${clientId}/keys`, {
          headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ scopes: [...ALL_SCOPES] }),
          timeoutMs: 10_000,
        }).catch((error: Error) => ({ status: 0, text: error.message }));
        figures['kafka frozen: an identity write (a new key)'] = {
          status: issued.status,
          ms: Math.round(performance.now() - started),
        };
        expect(issued.status).toBe(201);
        const keyId = (issued as { body: { data: { id: string } } }).body.data.id;
        const revokedAt = performance.now();
        const revoked = await call('POST', `/api/admin/api-access/keys/${keyId}/revoke`, {
          headers: { authorization: `Bearer ${admin.token}` },
          timeoutMs: 10_000,
        }).catch((error: Error) => ({ status: 0, text: error.message }));
        figures['kafka frozen: an identity write (revoking it)'] = {
          status: revoked.status,
          ms: Math.round(performance.now() - revokedAt),
        };
        expect(revoked.status).toBe(200);
      },
      up: async () => frozen.pop()?.resume(),
    });
    expect(cancelled).toBe(200);
    expect(during.filter((o) => o.kind === 'book' && o.status !== 201)).toEqual([]);
    expect(during.filter((o) => o.kind === 'book').length).toBeGreaterThan(50);
  });

  it('when Redis is frozen for 60 s, then everything stays ready and partner calls go on under the in-memory limits', async () => {
    const during = await outage('redis frozen', {
      outageMs: OUTAGE_MS.redis,
      down: async () => {
        frozen.push(freeze(Number(new URL(resolveInfraUrls().redisUrl).port || 6379), OUTAGE_MS.redis));
      },
      during: async () => {},
      up: async () => frozen.pop()?.resume(),
    });
    expect(during.filter((o) => !isSuccess(o))).toEqual([]);
    expect(during.filter((o) => o.kind === 'book').length).toBeGreaterThan(50);
  });

  it('when every identity replica is stopped for 30 s, then the gateway stays ready, known keys keep working and unknown ones are 503 at once', async () => {
    const fast: Record<string, number> = {};
    await outage('identity stopped', {
      outageMs: OUTAGE_MS.identity,
      stopped: ['identity'],
      down: () => stopProcess('identity'),
      during: async () => {
        const unknownKey = `ptk_live_${randomUUID().replaceAll('-', '')}`;
        fast['unknown key'] = await expectFast503('unknown key', () =>
          partner('GET', '/api/v1/me', unknownKey),
        );
        fast['staff sign-in'] = await expectFast503('staff sign-in', () =>
          call('POST', '/api/admin/auth/login', {
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'nobody@partner-travel.local', password: 'not-the-password' }),
            timeoutMs: 10_000,
          }),
        );
      },
      up: () => restartService('identity'),
    });
    figures['identity stopped: refused in'] = fast;
  });

  it("when booking's store is cut for 20 s, then booking's routes are 503 at once and every other call works", async () => {
    const fast: Record<string, number> = {};
    const mongoUrl = resolveInfraUrls().mongoUrl;
    relay = await startStoreRelay(storeAddress(mongoUrl));
    await restartProcess(process.env, PROFILES.e2e, 'booking', { MONGO_URL: viaRelay(mongoUrl, relay.port) });
    // Booking itself first: the report is a second old, and said SERVING of the booking that was just stopped.
    await waitReplicaReady(PROFILES.e2e, 'booking', { timeoutMs: 120_000 });
    await waitAllServing(60_000);
    const during = await outage("booking's store cut", {
      outageMs: OUTAGE_MS.store,
      down: () => (relay as StoreRelay).cut(),
      during: async () => {
        // Booking stays ready (its process serves) while its own store check says down: the staff's report tells.
        await waitFor(
          async () =>
            expect((await platformHealth()).data.services.booking).toEqual({
              status: 'SERVING',
              dependencies: { mongodb: 'NOT_SERVING' },
            }),
          { timeoutMs: 5000, intervalMs: 250 },
        );
        fast.book = await expectFast503('book', () =>
          partner(
            'POST',
            '/api/v1/bookings',
            secret,
            { offerToken: offers[1]?.offerToken, contact },
            {
              'idempotency-key': randomUUID(),
            },
          ),
        );
        fast['list bookings'] = await expectFast503('list bookings', () =>
          partner('GET', '/api/v1/bookings'),
        );
      },
      up: () => (relay as StoreRelay).restore(),
    });
    figures["booking's store cut: refused in"] = fast;
    expect(during.filter((o) => o.kind !== 'book' && !isSuccess(o))).toEqual([]);
    expect(during.filter((o) => o.kind === 'book' && o.status === 503).length).toBeGreaterThan(0);
    await restartService('booking');
    await relay.close();
    relay = undefined;
    await waitReplicaReady(PROFILES.e2e, 'booking', { timeoutMs: 120_000 });
    await waitAllServing(60_000);
  });

  it('when every outage is over, then each booking exists once per Idempotency-Key and its booking.created arrived exactly once', async () => {
    // A booking refused with 503 is sent again with its key: it is made now, once.
    for (const refused of bookings.filter((o) => o.status !== 201 && o.idempotencyKey)) {
      await waitFor(
        async () => {
          const res = await book(secret, refused.body as Parameters<typeof book>[1], refused.idempotencyKey);
          expect([refused.phase, res.status]).toEqual([refused.phase, 201]);
          refused.bookingId = dataOf(res).id;
        },
        { timeoutMs: 30_000, intervalMs: 1000 },
      );
    }
    const stored = (await allBookings(secret)).map((b) => b.id);
    expect(new Set(stored)).toEqual(new Set(bookings.map((o) => o.bookingId)));
    expect(new Set(stored).size).toBe(stored.length);

    await waitFor(
      () => {
        const delivered = new Set(receiver.bodies().map((b) => (b.data as { id: string }).id));
        expect(stored.filter((id) => !delivered.has(id))).toEqual([]);
      },
      { timeoutMs: SETTLE_MS, intervalMs: 1000 },
    );
    // A settle window for late duplicates, then: one delivery per booking, none for a booking that does not exist.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const deliveries = new Map<string, Set<string>>();
    for (const received of receiver.received) {
      const id = (JSON.parse(received.rawBody) as { data: { id: string } }).data.id;
      deliveries.set(
        id,
        (deliveries.get(id) ?? new Set()).add(String(received.headers['x-partner-delivery'])),
      );
    }
    expect([...deliveries].filter(([, ids]) => ids.size !== 1)).toEqual([]);
    expect([...deliveries.keys()].filter((id) => !stored.includes(id))).toEqual([]);
  });
});
