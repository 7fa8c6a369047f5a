import { codeOf, documented, startReceiver, waitFor } from '@travel/testkit';
import { bookingEvent, caller, startPublisher, startWebhook, webhookEnv } from './webhook.fixture';

// `POST /webhooks/{id}/recover` (docs/decisions/partner-tools.md "Webhook secret rotation, auto-disable and recovery").
const env = webhookEnv({ WEBHOOK_RETRY_DELAYS: '100ms,100ms' });
let service: Awaited<ReturnType<typeof startWebhook>>;
let publisher: Awaited<ReturnType<typeof startPublisher>>;
let up = false;
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

describe('recovering failed deliveries', () => {
  it('when a receiver was down, then recover re-sends the failed deliveries since a time once per key, with their ids, and answers the count', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'Every delivery to this endpoint created at or after `since` that `GET /webhooks/{id}/deliveries?status=failed` lists is attempted again now, each once, with the same `X-Partner-Delivery` id and body, signed afresh: one whose retries all failed gets one more attempt',
    );
    const clientId = 7401;
    const who = caller(clientId);
    const { endpoint } = await service.client.registerEndpoint({
      caller: who,
      url: receiver.url,
      events: [],
    });
    const id = endpoint?.id ?? '';
    const early = bookingEvent(clientId);
    await publisher.publish('booking.events', early);
    await waitFor(async () => {
      const { deliveries } = await service.client.listDeliveries({ caller: who, endpointId: id });
      expect(deliveries.map((d) => d.status)).toEqual(['failed']);
    });
    const since = new Date();
    const events = [bookingEvent(clientId), bookingEvent(clientId)];
    for (const event of events) await publisher.publish('booking.events', event);
    await waitFor(async () => {
      const { deliveries } = await service.client.listDeliveries({ caller: who, endpointId: id });
      expect(deliveries.filter((d) => d.status === 'failed')).toHaveLength(3);
    });
    const attemptsBefore = receiver.received.length;
    expect(attemptsBefore).toBe(9);

    up = true;
    const first = await service.client.recoverDeliveries({
      caller: who,
      id,
      since,
      idempotencyKey: 'recover-0001',
    });
    expect(first).toEqual({ queued: 2, replayed: false });
    await waitFor(() => expect(receiver.received.length).toBe(attemptsBefore + 2));
    const resent = receiver.received.slice(attemptsBefore);
    expect(resent.map((r) => JSON.parse(r.rawBody).id).sort()).toEqual(events.map((e) => e.id).sort());
    // The receiver answers before the dispatcher writes the attempt down: wait for the log, not only the receiver.
    await waitFor(async () => {
      const { deliveries } = await service.client.listDeliveries({ caller: who, endpointId: id });
      for (const delivery of deliveries.filter((d) => d.eventId !== early.id)) {
        expect(delivery.status).toBe('acknowledged');
        expect(delivery.attempts.map((a) => a.number)).toEqual([1, 2, 3, 4]);
        expect(resent.map((r) => r.headers['x-partner-delivery'])).toContain(delivery.id);
      }
      expect(deliveries.find((d) => d.eventId === early.id)?.status).toBe('failed');
    });

    const again = await service.client.recoverDeliveries({
      caller: who,
      id,
      since,
      idempotencyKey: 'recover-0001',
    });
    expect(again).toEqual({ queued: 2, replayed: true });
    const other = service.client.recoverDeliveries({
      caller: who,
      id,
      since: new Date(0),
      idempotencyKey: 'recover-0001',
    });
    expect(await codeOf(other)).toBe('idempotency_key_reuse');
    const none = await service.client.recoverDeliveries({
      caller: who,
      id,
      since,
      idempotencyKey: 'recover-0002',
    });
    expect(none).toEqual({ queued: 0, replayed: false });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received.length).toBe(attemptsBefore + 2);
  });

  it('when another client, the other environment or no caller recovers, then not_found or forbidden; a bad key is bad_request', async () => {
    const owner = caller(7402);
    const { endpoint } = await service.client.registerEndpoint({
      caller: owner,
      url: receiver.url,
      events: [],
    });
    const id = endpoint?.id ?? '';
    const since = new Date(0);
    for (const intruder of [caller(7403), caller(7402, 'test')])
      expect(
        await codeOf(
          service.client.recoverDeliveries({ caller: intruder, id, since, idempotencyKey: 'k-intruder' }),
        ),
      ).toBe('not_found');
    expect(await codeOf(service.client.recoverDeliveries({ id, since, idempotencyKey: 'k-nobody1' }))).toBe(
      'forbidden',
    );
    expect(
      await codeOf(service.client.recoverDeliveries({ caller: owner, id, since, idempotencyKey: 'short' })),
    ).toBe('bad_request');
  });
});
