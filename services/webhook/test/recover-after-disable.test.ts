import { documented, startReceiver, waitFor } from '@travel/testkit';
import { bookingEvent, caller, startPublisher, startWebhook, webhookEnv } from './webhook.fixture';

// "What the list shows is what recover sends" (docs/decisions/webhooks.md "A delivery cancelled by a disable reads,
// filters and recovers as failed"): the deliveries a disable cancelled are listed as failed with those whose retries
// ran out, and one recovery after the enable sends exactly what `status=failed` listed, each once.

// Two quick attempts, then a third after 4 s: a delivery is pending (retries left) for 4 s, failed after.
// The breaker stays out of it (its own test holds deliveries; here every attempt is sent).
const env = webhookEnv({ WEBHOOK_RETRY_DELAYS: '100ms,4s', WEBHOOK_BREAKER_FAILURES: '100' });
let service: Awaited<ReturnType<typeof startWebhook>>;
let publisher: Awaited<ReturnType<typeof startPublisher>>;
let up = true;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  service = await startWebhook(env);
  publisher = await startPublisher(env);
  receiver = await startReceiver(() => ({ status: up ? 200 : 503 }));
});
afterAll(async () => {
  await receiver?.stop();
  await publisher?.stop();
  await service?.stop();
});

const deliveryIdsIn = (received: { headers: Record<string, unknown> }[]) =>
  received.map((r) => String(r.headers['x-partner-delivery'])).sort();

describe('recovering after a disable', () => {
  it('when an endpoint with pending deliveries is disabled, enabled and recovered, then exactly the deliveries listed as failed arrive, once each', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'Every delivery to this endpoint created at or after `since` that `GET /webhooks/{id}/deliveries?status=failed` lists is attempted again now, each once, with the same `X-Partner-Delivery` id and body, signed afresh: one whose retries all failed gets one more attempt and is `failed` again if it fails too; one that ended because the endpoint was disabled while it waited (held by its circuit breaker, or between retries) goes on with the attempt it was waiting for and the retries left after it.',
    );
    documented(
      'docs/webhooks.md',
      'Sends again every delivery made since `since` that the list shows as `failed`, whichever way it got there: one whose retries ran out gets one more attempt, one a disable ended goes on with the attempts it had left.',
    );
    documented(
      'docs/webhooks.md',
      '`enabled: false` stops deliveries and ends pending ones as `failed`; `enabled: true` delivers the events that happen from then on, and `POST /webhooks/{id}/recover` sends those it ended.',
    );
    documented(
      'docs/webhooks.md',
      'once you have fixed the receiver and enabled it again, `POST /webhooks/{id}/recover` with a `since` before the outage sends them (every delivery the list shows as `failed` since then)',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`failed`: the retries ran out or the endpoint was disabled meanwhile; `POST /webhooks/{id}/recover` sends both kinds',
    );
    const clientId = 7411;
    const who = caller(clientId);
    const { endpoint } = await service.client.registerEndpoint({
      caller: who,
      url: receiver.url,
      events: [],
    });
    const endpointId = endpoint?.id ?? '';
    const list = async (status?: string) =>
      (await service.client.listDeliveries({ caller: who, endpointId, limit: 100, status })).deliveries;

    // Delivered before the outage: listed as succeeded, never sent again.
    await publisher.publish('booking.events', bookingEvent(clientId));
    await waitFor(async () => expect((await list()).map((d) => d.status)).toEqual(['acknowledged']));

    up = false;
    const since = new Date();
    // Its retries run out: stored and listed failed.
    const exhausted = bookingEvent(clientId);
    await publisher.publish('booking.events', exhausted);
    await waitFor(async () => expect((await list('failed')).map((d) => d.eventId)).toEqual([exhausted.id]), {
      timeoutMs: 15_000,
    });
    // Two attempts failed, the third 4 s away: pending when the endpoint is disabled.
    const waiting = [bookingEvent(clientId), bookingEvent(clientId)];
    for (const event of waiting) await publisher.publish('booking.events', event);
    await waitFor(async () => {
      const pending = (await list('pending')).filter((d) => d.attempts.length === 2);
      expect(pending.map((d) => d.eventId).sort()).toEqual(waiting.map((e) => e.id).sort());
    });
    await service.client.updateEndpoint({ caller: who, id: endpointId, enabled: false });

    const listedFailed = await list('failed');
    expect(listedFailed.map((d) => d.eventId).sort()).toEqual(
      [exhausted.id, ...waiting.map((e) => e.id)].sort(),
    );
    expect(await list('pending')).toEqual([]);
    const sentBefore = receiver.received.length;

    up = true;
    await service.client.updateEndpoint({ caller: who, id: endpointId, enabled: true });
    const recovered = await service.client.recoverDeliveries({
      caller: who,
      id: endpointId,
      since,
      idempotencyKey: 'recover-after-disable',
    });
    expect(recovered).toEqual({ queued: 3, replayed: false });
    await waitFor(async () => expect((await list('succeeded')).length).toBe(4));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(deliveryIdsIn(receiver.received.slice(sentBefore))).toEqual(listedFailed.map((d) => d.id).sort());

    // The exhausted one got one more attempt; the cancelled ones went on with the attempt they waited for.
    const numbers = Object.fromEntries(
      (await list()).map((d) => [d.eventId, d.attempts.map((a) => a.number)]),
    );
    expect(numbers[exhausted.id]).toEqual([1, 2, 3, 4]);
    for (const event of waiting) expect(numbers[event.id]).toEqual([1, 2, 3]);
  });
});
