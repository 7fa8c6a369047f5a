import { codeOf, documented, waitFor } from '@travel/testkit';
import { createRedeliveryKeys, REDELIVERY_KEY_RETENTION_MS } from '../src/db/redelivery-keys';
import { bookingEvent, caller, webhookEnv, webhookForThisFile } from './webhook.fixture';

// The `Idempotency-Key` of a redelivery and of a recovery: remembered 48 hours, per client (and, for a
// redelivery, per environment). The 48 hours are read against the store with the test's clock.
const webhook = webhookForThisFile(webhookEnv({ WEBHOOK_RETRY_DELAYS: '1h' }));
const client = () => webhook.service().client;
const HOUR = 3_600_000;

/** An endpoint of this caller that received one event: its delivery, and the receiver. */
async function deliveredTo(who: ReturnType<typeof caller>) {
  const hooks = await webhook.receiver();
  const { endpoint } = await client().registerEndpoint({ caller: who, url: hooks.url, events: [] });
  const endpointId = endpoint?.id ?? '';
  await webhook
    .publisher()
    .publish('booking.events', bookingEvent(who.clientId, { livemode: who.environment === 'live' }));
  await waitFor(async () =>
    expect(
      (await client().listDeliveries({ caller: who, endpointId, limit: 10 })).deliveries.map((d) => d.status),
    ).toEqual(['acknowledged']),
  );
  const [delivery] = (await client().listDeliveries({ caller: who, endpointId, limit: 10 })).deliveries;
  return { hooks, endpointId, deliveryId: delivery?.id ?? '' };
}

describe('idempotency keys of redeliveries and recoveries', () => {
  it('when a redelivery key is 48 hours old, then it is forgotten and claims afresh; until then it answers the attempt it made', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '**Idempotency.** Every request needs an `Idempotency-Key` header (as for `POST /bookings`: 8 to 100 visible ASCII characters, remembered 48 hours per client and environment), one per redelivery you mean.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`idempotency_key_reuse`: this client already used the `Idempotency-Key` (within 48 hours) for another request.',
    );
    expect(REDELIVERY_KEY_RETENTION_MS).toBe(48 * HOUR);
    const keys = createRedeliveryKeys(webhook.service().connection, {
      leaseMs: 30_000,
      retentionMs: REDELIVERY_KEY_RETENTION_MS,
    });
    // A clock ahead of the real one: the store's TTL index leaves these keys alone during the test.
    const madeAt = new Date(Date.now() + 400 * 24 * HOUR);
    const at = (hours: number, ms = 0) => new Date(madeAt.getTime() + hours * HOUR + ms);
    const scope = `9101:live:key-${madeAt.getTime()}`;
    const first = await keys.claim(scope, 'whd_first_1', madeAt);
    if (!first.claimed) throw new Error('the key was taken');
    const attempt = {
      at: madeAt,
      statusCode: 200,
      error: null,
      durationMs: 12,
      acknowledged: true,
      number: 0,
    };
    await keys.complete(first.claim, attempt);

    expect(await keys.claim(scope, 'whd_other_1', at(48, -1000))).toMatchObject({
      claimed: false,
      existing: { deliveryId: 'whd_first_1', attempt: { statusCode: 200, number: 0 } },
    });
    expect(await keys.claim(scope, 'whd_other_1', at(48, 1000))).toMatchObject({
      claimed: true,
      claim: { deliveryId: 'whd_other_1' },
    });
  });

  it("when two clients, or one client's live and test keys, use one key, then each redelivers its own; a recovery key is the client's", async () => {
    documented('gateway/openapi/partner.texts.yaml', 'Keys are remembered 48 hours per client.');
    const who = [caller(9201), caller(9202), caller(9201, 'test')];
    const delivered = await Promise.all(who.map(deliveredTo));
    const key = 'shared-key-0001';
    for (const [i, each] of who.entries()) {
      const { hooks, endpointId, deliveryId } = delivered[i] as Awaited<ReturnType<typeof deliveredTo>>;
      const made = await client().redeliverDelivery({
        caller: each,
        endpointId,
        deliveryId,
        idempotencyKey: key,
      });
      expect(made).toMatchObject({ replayed: false, attempt: { manual: true, statusCode: 200 } });
      expect(hooks.received).toHaveLength(2);
    }
    // A recovery's key is the client's, whichever environment: the same key for its other endpoint is reused.
    const recover = (i: number) => {
      const { endpointId } = delivered[i] as Awaited<ReturnType<typeof deliveredTo>>;
      const request = { caller: who[i], id: endpointId, since: new Date(0), idempotencyKey: key };
      return client().recoverDeliveries(request);
    };
    expect(await recover(0)).toEqual({ queued: 0, replayed: false });
    expect(await recover(1)).toEqual({ queued: 0, replayed: false });
    expect(await codeOf(recover(2))).toBe('idempotency_key_reuse');
    // The store forgets a recovery's key 48 hours after it was made.
    expect(await webhook.service().connection.collection('webhook_recoveries').indexes()).toContainEqual(
      expect.objectContaining({ key: { createdAt: 1 }, expireAfterSeconds: 48 * 3600 }),
    );
  });
});
