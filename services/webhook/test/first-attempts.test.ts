import { waitFor } from '@travel/testkit';
import { bookingEvent, caller, SUPPORT, webhookEnv, webhookForThisFile } from './webhook.fixture';

// First attempts start from the intake, leased at insert, as many as the dispatcher has room for; the rest wait
// in the schedule for a pass. With room for 2 and an event for 5 endpoints, both ways are taken.
const webhook = webhookForThisFile(webhookEnv({ WEBHOOK_CONCURRENCY: '2' }));

describe('first attempts', () => {
  it('when an event has more endpoints than the dispatcher has room, then every endpoint gets it once, in one attempt', async () => {
    const who = caller(901);
    const receivers: Array<Awaited<ReturnType<typeof webhook.receiver>>> = [];
    for (let i = 0; i < 5; i++) {
      const hooks = await webhook.receiver();
      receivers.push(hooks);
      await webhook.service().client.registerEndpoint({ caller: who, url: hooks.url, events: [] });
    }
    const event = bookingEvent(who.clientId);
    await webhook.publisher().publish('booking.events', event);

    await waitFor(() => expect(receivers.map((r) => r.received.length)).toEqual([1, 1, 1, 1, 1]));
    await waitFor(async () => {
      const { deliveries } = await webhook
        .service()
        .client.listDeliveries({ caller: SUPPORT, eventId: event.id });
      expect(deliveries.map((d) => [d.status, d.attempts.length])).toEqual(
        Array.from({ length: 5 }, () => ['acknowledged', 1]),
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receivers.map((r) => r.received.length)).toEqual([1, 1, 1, 1, 1]);
  });
});
