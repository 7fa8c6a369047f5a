import { type ProcessName, SERVICES } from '@travel/local-deploy';
import { inDays, startReceiver, waitFor } from '@travel/testkit';
import { bearer, newPartner, platformAdmin } from '../support/admin';
import { book, contact, dataOf, flightOffers } from '../support/bookings';
import {
  allBookings,
  isAcceptable,
  isRunning,
  killProcess,
  type Outcome,
  restartService,
  STOPPABLE_INFRA,
  startAllInfra,
  startInfra,
  startSteadyLoad,
  stopInfra,
  summarise,
  waitAllServing,
} from '../support/faults';
import { gatewayUrl } from '../support/gateway';
import { registerWebhook } from '../support/webhooks';

// The fault suite (issue 16): under a steady light load, SIGKILL each service in turn and start it again, then stop
// and start Kafka, the store and Redis in turn. Every request is answered in time with a success or the documented
// 503, the platform heals without a restart, and nothing is lost: every booking exists once per Idempotency-Key and
// its booking.created reaches the partner's webhook once. It restarts shared infrastructure: run it under
// `flock /tmp/pt-e2e.lock`, alone; afterAll starts every piece of infrastructure again whatever happened.

/** How long each fault lasts under load before the part comes back. */
const OUTAGE_MS = 2500;
/**
 * How long a revocation may take to reach the gateway after the outages: far above the ~100 ms it takes
 * (docs/access.md), far below the 60 s (ACCESS_CACHE_TTL_MS) the key is cached for on its first use just before, so
 * only a live subscriber to identity.changes explains a refusal within it.
 */
const REVOCATION_BOUND_MS = 15_000;
/** How long the platform may take to be all SERVING again after a part came back. */
const RECOVERY_MS = { service: 30_000, infra: 60_000, consumers: 300_000 };

jest.setTimeout(12 * 60_000);

const me = (secret: string) => fetch(`${gatewayUrl()}/api/v1/me`, { headers: bearer(secret) });

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
let receiver: Receiver | undefined;

afterAll(async () => {
  await startAllInfra();
  await receiver?.stop();
});

async function serviceFault(load: ReturnType<typeof startSteadyLoad>, name: ProcessName): Promise<void> {
  load.phase(`kill ${name}`);
  killProcess(name);
  await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
  await restartService(name);
  load.phase(`recover ${name}`);
  await waitAllServing(RECOVERY_MS.service);
}

async function infraFault(
  load: ReturnType<typeof startSteadyLoad>,
  name: (typeof STOPPABLE_INFRA)[number],
): Promise<void> {
  load.phase(`stop ${name}`);
  await stopInfra(name);
  await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
  await startInfra(name);
  load.phase(`recover ${name}`);
  await waitAllServing(RECOVERY_MS.infra);
}

describe('the fault suite', () => {
  it('when each service is killed and each piece of infrastructure stopped under load, then every request is answered in time and nothing is lost', async () => {
    await waitAllServing(RECOVERY_MS.infra);
    const admin = await platformAdmin();
    const { key } = await newPartner(admin, {
      rateLimit: { limit: 100_000, windowSeconds: 1 },
    });
    const { key: revokedLater } = await newPartner(admin);
    receiver = await startReceiver();
    expect(
      (await registerWebhook(key.secret, { url: receiver.url, events: ['booking.created'] })).status,
    ).toBe(201);
    const offers = await flightOffers(key.secret);
    const started = Date.now();
    const load = startSteadyLoad(key.secret, offers, { tickMs: 500, searchDate: inDays(30) });

    let outcomes: Outcome[];
    try {
      for (const service of SERVICES) await serviceFault(load, service);
      for (const component of STOPPABLE_INFRA) await infraFault(load, component);
      load.phase('after');
      await new Promise((resolve) => setTimeout(resolve, 2000));
    } finally {
      outcomes = await load.stop();
    }
    process.stderr.write(
      `[faults] ${outcomes.length} requests in ${Math.round((Date.now() - started) / 1000)} s: ${JSON.stringify(summarise(outcomes))}\n`,
    );

    // During every outage: a success or the documented 503, never a 500, never past the deadline.
    expect(outcomes.filter((o) => !isAcceptable(o))).toEqual([]);
    // After recovery everything answers again.
    expect(outcomes.filter((o) => o.phase === 'after' && o.status >= 300)).toEqual([]);
    expect(outcomes.some((o) => o.phase === 'after' && o.kind === 'book')).toBe(true);

    // The caches still hear every change: a key revoked now is refused long before its cached copy expires, as
    // without faults (a broadcast subscriber that crashed in a broker outage and stayed stopped would serve it for
    // the cache's TTL). Its first use caches it now, fresh for the whole TTL.
    expect((await me(revokedLater.secret)).status).toBe(200);
    await admin.request('POST', `/api/admin/api-access/keys/${revokedLater.id}/revoke`);
    await waitFor(async () => expect((await me(revokedLater.secret)).status).toBe(401), {
      timeoutMs: REVOCATION_BOUND_MS,
      // Polls stay under the key's default 100 requests per 10 s, so a key never refused shows as 200, not 429.
      intervalMs: 400,
    });

    // Nothing lost, nothing doubled: each booking request refused with 503 is sent again with its key; then every
    // key has exactly one booking, and every 201 answered is among them.
    const bookingRequests = outcomes.filter((o) => o.kind === 'book');
    for (const refused of bookingRequests.filter((o) => o.status !== 201)) {
      await waitFor(
        async () => {
          const res = await book(key.secret, refused.body, refused.idempotencyKey);
          expect([refused.phase, res.status, res.status === 201 ? '' : res.text]).toEqual([
            refused.phase,
            201,
            '',
          ]);
          refused.bookingId = dataOf(res).id;
        },
        { timeoutMs: 60_000, intervalMs: 1000 },
      );
    }
    const answered = bookingRequests.map((o) => o.bookingId);
    const stored = (await allBookings(key.secret)).map((b) => b.id);
    expect(stored.length).toBe(bookingRequests.length);
    expect(new Set(stored).size).toBe(stored.length);
    expect(new Set(stored)).toEqual(new Set(answered));

    // Every booking.created reached the partner's endpoint, each booking in one delivery (a redelivery of the same
    // delivery id is allowed: at least once), and no event of a booking that does not exist.
    await waitFor(
      () => {
        const delivered = new Set(receiver?.bodies().map((b) => (b.data as { id: string }).id));
        expect(stored.filter((id) => !delivered.has(id))).toEqual([]);
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    const deliveriesOf = new Map<string, Set<string>>();
    for (const received of receiver.received) {
      const id = (JSON.parse(received.rawBody) as { data: { id: string } }).data.id;
      const deliveries = deliveriesOf.get(id) ?? new Set<string>();
      deliveries.add(String(received.headers['x-partner-delivery']));
      deliveriesOf.set(id, deliveries);
    }
    expect([...deliveriesOf].filter(([, deliveries]) => deliveries.size !== 1)).toEqual([]);
    expect([...deliveriesOf.keys()].filter((id) => !stored.includes(id))).toEqual([]);
  });

  it('when services start while Kafka and the store are down, then they wait (no exit) and serve once both are back', async () => {
    // The failure of issue 16: a process that met a retriable Kafka error at start exited and the stack never came up.
    const starting: ProcessName[] = ['identity', 'booking'];
    for (const name of starting) killProcess(name);
    await stopInfra('kafka');
    await stopInfra('secantusd');
    for (const name of starting) await restartService(name);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    expect(starting.filter((name) => !isRunning(name))).toEqual([]);
    await startInfra('secantusd');
    await startInfra('kafka');
    await waitAllServing(RECOVERY_MS.infra);
    expect(starting.filter((name) => !isRunning(name))).toEqual([]);

    // The consumers heal too, without a restart: a booking made now reaches a webhook. The suites after this one
    // start on a platform that delivers again. (After this second broker restart the webhook consumer has taken
    // up to about three minutes to consume again: see docs/decisions/observability.md, "Health and readiness".)
    // "All SERVING" is the health sweep's view; the gateway's own channel to a restarted identity may still be
    // reconnecting for its first calls, which then answer 503 with Retry-After (seen once in a CI rehearsal on a
    // loaded machine). The claim is that the platform serves again without a restart, within the recovery bound.
    const { key } = await waitFor(async () => newPartner(await platformAdmin()), {
      timeoutMs: RECOVERY_MS.service,
      intervalMs: 1000,
    });
    const hooks = await startReceiver();
    try {
      expect(
        (await registerWebhook(key.secret, { url: hooks.url, events: ['booking.created'] })).status,
      ).toBe(201);
      const [offer] = await flightOffers(key.secret);
      const booked = await book(key.secret, { offerToken: offer?.offerToken, contact });
      expect(booked.status).toBe(201);
      await waitFor(() => expect(hooks.received.length).toBeGreaterThan(0), {
        timeoutMs: RECOVERY_MS.consumers,
        intervalMs: 1000,
      });
    } finally {
      await hooks.stop();
    }
  });
});
