import { createMongo } from '@travel/mongo';
import { documented, testInfra, testLogger, uniqueName } from '@travel/testkit';
import { createCircuitRepository } from '../src/db/circuit.repository';
import { createDeliveryRepository } from '../src/db/delivery.repository';
import type { AttemptResult, ClaimedAttempt, Delivery } from '../src/domain/deliveries/delivery';
import { createCircuitBreakers } from '../src/jobs/delivery/circuit-breakers';

// Two replicas' breakers on one store (docs/decisions/webhooks.md, "Endpoints isolated from each other"): the
// breaker is shared, so one replica opens it for both, one probe goes out however many replicas look, and a
// probe whose replica died is taken as failed. The clock is the test's; the store is real.
const infra = testInfra();
const mongo = createMongo({
  url: infra.mongoUrl,
  database: uniqueName('ct_webhook_breakers'),
  logger: testLogger(),
});
const deliveries = createDeliveryRepository(mongo.connection);
const circuits = createCircuitRepository(mongo.connection);
const POLICY = { failures: 5, timeouts: 3, timeoutMs: 5000, openMs: 30_000, maxOpenMs: 600_000 };
const LEASE_MS = 30_000;
let clock = new Date('2027-03-01T12:00:00Z');
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

function replica() {
  return createCircuitBreakers({
    circuits,
    deliveries,
    claim: (due) => deliveries.claim(due, clock, LEASE_MS),
    policy: POLICY,
    leaseMs: LEASE_MS,
    refreshMs: 0,
    now: () => clock,
    logger: testLogger(),
  });
}

const result = (acknowledged: boolean): AttemptResult => ({
  at: clock,
  statusCode: acknowledged ? 200 : null,
  error: acknowledged ? null : 'no answer within 5000 ms',
  durationMs: acknowledged ? 30 : 5000,
  acknowledged,
});
const attemptTo = (endpointId: string, n: number): ClaimedAttempt => ({
  deliveryId: `whd_in_flight${n}_${endpointId}`,
  number: 1,
  endpointId,
  eventType: 'booking.created',
  body: '{}',
});
const delivery = (endpointId: string, n: number): Delivery => ({
  id: `whd_evt${n}_${endpointId}`,
  eventId: `evt_${n}`,
  eventType: 'booking.created',
  endpointId,
  clientId: 1,
  body: '{}',
  status: 'pending',
  createdAt: clock,
});
const schedule = async (endpointId: string) =>
  (await deliveries.ofEndpoint(endpointId))
    .map((d) => ({ id: d.id, dueAt: d.next?.dueAt, held: d.held }))
    .sort((x, y) => x.id.localeCompare(y.id));

beforeAll(async () => {
  await mongo.start();
  await mongo.migrate();
});
afterAll(async () => {
  await mongo.connection.dropDatabase();
  await mongo.stop();
});

describe('circuit breakers shared by replicas', () => {
  it('when one replica sees 3 timeouts in a row, then the breaker opens for both, the due deliveries are held, and one probe goes out when the wait is over; its 2xx closes it and releases them', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      "After 5 failed attempts in a row, or 3 in a row without an answer within 5 seconds, it opens: the endpoint's pending deliveries are held (`held: true` in its deliveries, none attempted) for 30 seconds, then one of them is sent as a probe.",
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'A 2xx closes the breaker and the held deliveries follow at once',
    );
    documented(
      'docs/webhooks.md',
      'after 30 seconds one held delivery is sent as a **probe** (the earliest due)',
    );
    const [a, b] = [replica(), replica()];
    await deliveries.enqueue(
      [1, 2, 3].map((n) => delivery('whk_1', n)),
      clock,
    );
    for (const n of [1, 2]) await a.observe(attemptTo('whk_1', n), result(false));
    expect(await circuits.tripped()).toEqual([]);
    await a.observe(attemptTo('whk_1', 3), result(false));

    const probeAt = new Date(clock.getTime() + POLICY.openMs);
    expect(await b.tripped()).toEqual(['whk_1']);
    expect(b.heldUntil('whk_1')).toEqual(probeAt);
    expect(await schedule('whk_1')).toEqual(
      [1, 2, 3].map((n) => ({ id: `whd_evt${n}_whk_1`, dueAt: probeAt, held: true })),
    );
    expect(await deliveries.due(clock, 10)).toEqual([]);

    later(POLICY.openMs);
    const probes = [...(await Promise.all([a.dueProbes(), b.dueProbes()]))].flat();
    expect(probes.map((p) => p.deliveryId)).toEqual(['whd_evt1_whk_1']);
    expect(await circuits.tripped()).toEqual([
      expect.objectContaining({ state: 'half_open', probe: 'whd_evt1_whk_1' }),
    ]);

    later(200);
    // Only the replica that sent it settles it; told to both, the other counts it in its streak only.
    await Promise.all([a, b].map((r) => r.observe(probes[0] as ClaimedAttempt, result(true))));
    expect(await circuits.tripped()).toEqual([]);
    expect((await schedule('whk_1')).filter((d) => d.id !== 'whd_evt1_whk_1')).toEqual([
      { id: 'whd_evt2_whk_1', dueAt: clock, held: false },
      { id: 'whd_evt3_whk_1', dueAt: clock, held: false },
    ]);
  });

  it('when the replica sending a probe dies, then after its lease another opens the breaker again for twice as long', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'a failed probe holds them twice as long each time, up to 10 minutes',
    );
    const [a, b] = [replica(), replica()];
    await deliveries.enqueue(
      [1, 2].map((n) => delivery('whk_2', n)),
      clock,
    );
    for (const n of [1, 2, 3, 4, 5])
      await a.observe({ ...attemptTo('whk_2', n) }, { ...result(false), durationMs: 12 });
    expect(await circuits.tripped()).toEqual([
      expect.objectContaining({ endpointId: 'whk_2', state: 'open', reason: '5 attempts in a row failed' }),
    ]);
    later(POLICY.openMs);
    expect(await a.dueProbes()).toHaveLength(1);
    // a dies with its probe out; b finds the breaker half-open past the probe's lease.
    later(LEASE_MS);
    expect(await b.dueProbes()).toEqual([]);
    expect(await circuits.tripped()).toEqual([
      expect.objectContaining({
        endpointId: 'whk_2',
        state: 'open',
        openings: 2,
        probeAt: new Date(clock.getTime() + 2 * POLICY.openMs),
      }),
    ]);
    expect((await schedule('whk_2')).every((d) => d.held)).toBe(true);
  });

  it('when the wait ends with nothing due, then the breaker closes', async () => {
    const a = replica();
    for (const n of [1, 2, 3]) await a.observe(attemptTo('whk_3', n), result(false));
    expect(await a.tripped()).toContain('whk_3');
    later(POLICY.openMs);
    expect(await a.dueProbes()).toEqual([]);
    expect(await a.tripped()).not.toContain('whk_3');
  });
});
