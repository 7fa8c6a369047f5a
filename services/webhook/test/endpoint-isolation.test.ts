import { metricValue } from '@travel/metrics';
import { documented, waitFor } from '@travel/testkit';
import { bookingEvent, caller, type WebhookClient, webhookEnv, webhookForThisFile } from './webhook.fixture';

// One endpoint hangs while nine others of the same client receive the same 100 events (docs/decisions/webhooks.md,
// "Endpoints isolated from each other"). The places are the defaults (32 in flight, 4 per endpoint); the
// timeout is long (20 s) so that "without waiting for the hanging one" has room on a busy machine (900
// deliveries took up to 12 s on two cores shared by a load average of 20), and the breaker's hold short (2 s,
// doubled after a failed probe) so the test sees it open, probe, fail, probe and close within the hang.
const TIMEOUT_MS = 20_000;
const HANG_MS = 50_000;
const EVENTS = 100;
const PER_ENDPOINT = 4;
const webhook = webhookForThisFile(
  webhookEnv({
    WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
    WEBHOOK_RETRY_DELAYS: '1s,1s,1s,1s,1s',
    WEBHOOK_BREAKER_OPEN_MS: '2000',
  }),
);
const who = caller(4101);
const transitions = (to: string) => metricValue('webhook_circuit_transitions_total', { to });
const circuits = async () => ({
  open: await metricValue('webhook_endpoint_circuits', { state: 'open' }),
  halfOpen: await metricValue('webhook_endpoint_circuits', { state: 'half_open' }),
});

const scenario = {
  hanger: undefined as Awaited<ReturnType<typeof webhook.receiver>> | undefined,
  hangerId: '',
  others: [] as Array<Awaited<ReturnType<typeof webhook.receiver>>>,
  /** How many requests the hanging receiver had when the 900th delivery to the others arrived. */
  hangerSeenAtLast: undefined as number | undefined,
  movesBefore: { open: 0, half_open: 0, closed: 0 },
};

/** Every delivery to the endpoint, as its partner pages them (support's whole list stops at 100). */
async function deliveriesTo(endpointId: string) {
  const all: Awaited<ReturnType<WebhookClient['listDeliveries']>>['deliveries'] = [];
  let cursor: string | undefined;
  do {
    const page = await webhook
      .service()
      .client.listDeliveries({ caller: who, endpointId, limit: 100, cursor });
    all.push(...page.deliveries);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

beforeAll(async () => {
  for (const to of ['open', 'half_open', 'closed'] as const) scenario.movesBefore[to] = await transitions(to);
  // Until `hangEnd` every request waits for it (longer than the timeout at first); after it, a 200 at once.
  let hangEnd = Number.POSITIVE_INFINITY;
  const hanger = await webhook.receiver(() => ({ status: 200, sleepMs: Math.max(0, hangEnd - Date.now()) }));
  let arrived = 0;
  const counted = () => {
    arrived++;
    if (arrived === EVENTS * 9) scenario.hangerSeenAtLast = hanger.received.length;
    return { status: 200 };
  };
  // Registered first: each event's delivery to the hanging endpoint is the first of its ten.
  const { endpoint } = await webhook
    .service()
    .client.registerEndpoint({ caller: who, url: hanger.url, events: [] });
  scenario.hanger = hanger;
  scenario.hangerId = endpoint?.id ?? '';
  for (let i = 0; i < 9; i++) {
    const receiver = await webhook.receiver(counted);
    scenario.others.push(receiver);
    await webhook.service().client.registerEndpoint({ caller: who, url: receiver.url, events: [] });
  }
  hangEnd = Date.now() + HANG_MS;
  for (let i = 0; i < EVENTS; i++)
    await webhook.publisher().publish('booking.events', bookingEvent(who.clientId));
});

describe('endpoints isolated from each other', () => {
  it('when one endpoint hangs while nine others receive 100 events each, then all 900 arrive while it holds only its own 4 places, before its first attempt times out', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'at most 4 deliveries to one endpoint are in flight at once per sending process',
    );
    const { hanger, others } = scenario;
    await waitFor(() => expect(others.map((r) => r.received.length)).toEqual(Array(9).fill(EVENTS)), {
      timeoutMs: 60_000,
    });
    // In events: when the last of the 900 arrived, the hanging endpoint had been sent no more than its places.
    expect(scenario.hangerSeenAtLast).toBeLessThanOrEqual(PER_ENDPOINT);
    // And none of them had ended yet: the nine never waited for the hanging one's timeout.
    const lastArrival = Math.max(...others.flatMap((r) => r.received.map((request) => request.at)));
    expect(lastArrival - (hanger?.received[0]?.at ?? 0)).toBeLessThan(TIMEOUT_MS);
    expect(new Set(others.flatMap((r) => r.received.map((q) => q.headers['x-partner-delivery']))).size).toBe(
      900,
    );
  });

  it('when its attempts time out, then its breaker opens and holds its deliveries, new ones too (shown held, counted open), a failed probe opens it again, and a probe answered closes it and sends the rest', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      "Held time uses up none of a delivery's retries; at most 4 deliveries to one endpoint are in flight at once per sending process.",
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      "the endpoint's pending deliveries are held (`held: true` in its deliveries, none attempted)",
    );
    documented(
      'docs/webhooks.md',
      '**held time uses up no retry**: the retry schedule (1 minute, 5 minutes, 30 minutes, 2 hours, 12 hours, then `failed`) counts attempts that were sent and failed.',
    );
    const { hanger, hangerId } = scenario;
    const requests = () => hanger?.received.length ?? 0;
    // Its first attempts time out: 3 in a row open the breaker (the places the first two freed were used again
    // meanwhile, so a few more went out); its other deliveries wait held, none attempted.
    await waitFor(async () => expect((await circuits()).open).toBe(1), {
      timeoutMs: TIMEOUT_MS + 10_000,
      intervalMs: 50,
    });
    const sentBeforeOpen = requests();
    expect(sentBeforeOpen).toBeLessThanOrEqual(2 * PER_ENDPOINT);
    // Held just after it opened (one write moves them), none attempted.
    await waitFor(
      async () => {
        const held = (await deliveriesTo(hangerId)).filter((d) => d.held);
        expect(held.every((d) => d.status === 'pending')).toBe(true);
        expect(held.filter((d) => d.attempts.length === 0).length).toBeGreaterThanOrEqual(
          EVENTS - sentBeforeOpen,
        );
      },
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    // An event meanwhile: the nine get it at once, the tripped endpoint's delivery is made held.
    const late = bookingEvent(who.clientId);
    await webhook.publisher().publish('booking.events', late);
    await waitFor(() =>
      expect(scenario.others.map((r) => r.received.length)).toEqual(Array(9).fill(EVENTS + 1)),
    );
    const lateDelivery = (await deliveriesTo(hangerId)).find((d) => d.eventId === late.id);
    expect([lateDelivery?.held, lateDelivery?.attempts]).toEqual([true, []]);
    // After 2 s one delivery probes it (half-open): one more request, the others still held.
    await waitFor(
      async () =>
        expect([await circuits(), requests()]).toEqual([{ open: 0, halfOpen: 1 }, sentBeforeOpen + 1]),
      { timeoutMs: 10_000 },
    );
    // The probe times out too: open again, for twice as long; then a second probe, answered: closed.
    await waitFor(async () => expect(await transitions('open')).toBe(scenario.movesBefore.open + 2), {
      timeoutMs: TIMEOUT_MS + 10_000,
    });
    expect(requests()).toBe(sentBeforeOpen + 1);
    await waitFor(async () => expect(await circuits()).toEqual({ open: 0, halfOpen: 0 }), {
      timeoutMs: 30_000,
    });
    expect(await transitions('half_open')).toBe(scenario.movesBefore.half_open + 2);
    expect(await transitions('closed')).toBe(scenario.movesBefore.closed + 1);

    // Closed: every held delivery follows at once, none held any more. Holding used up no retry: every attempt
    // recorded is a request the receiver got, only timeouts failed, and the held ones took one attempt each.
    await waitFor(
      async () =>
        expect((await deliveriesTo(hangerId)).filter((d) => d.status === 'acknowledged')).toHaveLength(
          EVENTS + 1,
        ),
      { timeoutMs: 30_000 },
    );
    const deliveries = await deliveriesTo(hangerId);
    expect(deliveries.some((d) => d.held)).toBe(false);
    const attempts = deliveries.flatMap((d) => d.attempts);
    expect(attempts).toHaveLength(requests());
    expect(attempts.filter((a) => !a.acknowledged).every((a) => a.error?.includes(`${TIMEOUT_MS} ms`))).toBe(
      true,
    );
    expect(deliveries.filter((d) => d.attempts.length === 1).length).toBeGreaterThanOrEqual(
      EVENTS + 1 - sentBeforeOpen - 1,
    );
  });
});
