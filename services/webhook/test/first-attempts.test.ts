import { startReceiver, waitFor } from '@travel/testkit';
import { bookingEvent, caller, startPublisher, startWebhook, webhookEnv } from './webhook.fixture';

// First attempts start from the intake, leased at insert, as many as the dispatcher has room for; the rest wait
// in the schedule for a pass. With room for 2 and an event for 5 endpoints, both ways are taken.
const env = webhookEnv({ WEBHOOK_CONCURRENCY: '2' });
let service: Awaited<ReturnType<typeof startWebhook>>;
let publisher: Awaited<ReturnType<typeof startPublisher>>;
const receivers: Array<Awaited<ReturnType<typeof startReceiver>>> = [];

beforeAll(async () => {
  service = await startWebhook(env);
  publisher = await startPublisher(env);
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.stop()));
  await publisher?.stop();
  await service?.stop();
});

describe('first attempts', () => {
  it('when an event has more endpoints than the dispatcher has room, then every endpoint gets it once, in one attempt', async () => {
    const who = caller(901);
    for (let i = 0; i < 5; i++) {
      const hooks = await startReceiver();
      receivers.push(hooks);
      await service.client.registerEndpoint({ caller: who, url: hooks.url, events: [] });
    }
    const event = bookingEvent(who.clientId);
    await publisher.publish('booking.events', event);

    await waitFor(() => expect(receivers.map((r) => r.received.length)).toEqual([1, 1, 1, 1, 1]));
    await waitFor(async () => {
      const { deliveries } = await service.client.listDeliveries({ eventId: event.id });
      expect(deliveries.map((d) => [d.status, d.attempts.length])).toEqual(
        Array.from({ length: 5 }, () => ['acknowledged', 1]),
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receivers.map((r) => r.received.length)).toEqual([1, 1, 1, 1, 1]);
  });
});
