import { failFirst, startReceiver, waitFor } from '@travel/testkit';
import { bookingEvent, caller, startPublisher, startWebhook, webhookEnv } from './webhook.fixture';

const RETRY_MS = 2000;

describe('webhook schedule across restarts and replicas', () => {
  it('when the service restarts between two attempts, then the next attempt still comes on time, once', async () => {
    const env = webhookEnv({ WEBHOOK_RETRY_DELAYS: `${RETRY_MS}ms,${RETRY_MS}ms` });
    const who = caller(301);
    const hooks = await startReceiver(failFirst(1));
    const publisher = await startPublisher(env);
    let service = await startWebhook(env);
    try {
      await service.client.registerEndpoint({ caller: who, url: hooks.url, events: [] });
      const event = bookingEvent(who.clientId);
      await publisher.publish('booking.events', event);
      await waitFor(() => expect(hooks.received).toHaveLength(1));

      await service.stop();
      service = await startWebhook(env);
      await waitFor(() => expect(hooks.received).toHaveLength(2), { timeoutMs: RETRY_MS * 3 });
      const gap = (hooks.received[1]?.at ?? 0) - (hooks.received[0]?.at ?? 0);
      expect(gap).toBeGreaterThanOrEqual(RETRY_MS);
      expect(gap).toBeLessThan(RETRY_MS + 1500);

      await new Promise((resolve) => setTimeout(resolve, RETRY_MS + 500));
      expect(hooks.received).toHaveLength(2);
      const [delivery] = (await service.client.listDeliveries({ eventId: event.id })).deliveries;
      expect(delivery?.status).toBe('acknowledged');
      expect(delivery?.attempts.map((a) => a.statusCode)).toEqual([500, 200]);
    } finally {
      await service.stop();
      await publisher.stop();
      await hooks.stop();
    }
  });

  it('when two replicas share the schedule, then every attempt is sent by one of them, once', async () => {
    const env = webhookEnv({ WEBHOOK_RETRY_DELAYS: '300ms,300ms,300ms' });
    const who = caller(302);
    const hooks = await startReceiver(failFirst(2));
    const publisher = await startPublisher(env);
    const replicas = [await startWebhook(env), await startWebhook(env)];
    try {
      await replicas[0]?.client.registerEndpoint({ caller: who, url: hooks.url, events: [] });
      const events = Array.from({ length: 5 }, () => bookingEvent(who.clientId));
      for (const event of events) await publisher.publish('booking.events', event);
      await waitFor(
        async () => {
          for (const event of events) {
            const [delivery] =
              (await replicas[1]?.client.listDeliveries({ eventId: event.id }))?.deliveries ?? [];
            expect(delivery?.status).toBe('acknowledged');
          }
        },
        { timeoutMs: 15_000 },
      );
      // The receiver fails its first two requests overall, so 5 events need exactly 7 requests.
      expect(hooks.received).toHaveLength(7);
      const perEvent = new Map<string, number>();
      for (const body of hooks.bodies()) perEvent.set(body.id, (perEvent.get(body.id) ?? 0) + 1);
      expect([...perEvent.keys()].sort()).toEqual(events.map((e) => e.id).sort());
    } finally {
      for (const replica of replicas) await replica?.stop();
      await publisher.stop();
      await hooks.stop();
    }
  });
});
