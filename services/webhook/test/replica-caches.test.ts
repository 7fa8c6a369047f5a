import { startReceiver, waitFor } from '@travel/testkit';
import { bookingEvent, caller, startPublisher, startWebhook, webhookEnv } from './webhook.fixture';

describe('cached endpoints across replicas', () => {
  it('when an endpoint is registered through one replica, then every event after the answer reaches it whichever replica takes it in, and after its deletion through the other, none does', async () => {
    const env = webhookEnv();
    const who = caller(501);
    const witness = await startReceiver();
    const newcomer = await startReceiver();
    const publisher = await startPublisher(env);
    const replicas = [await startWebhook(env), await startWebhook(env)] as const;
    /** Events on many keys, so both replicas' partitions take some in. */
    const publishMany = async (round: string) => {
      const events = Array.from({ length: 12 }, (_, i) => ({
        ...bookingEvent(who.clientId),
        key: `bkg_${round}${i}`,
      }));
      for (const event of events) await publisher.publish('booking.events', event);
      return events.map((event) => event.id);
    };
    const ids = (receiver: typeof witness) => receiver.bodies().map((body) => body.id);
    try {
      await replicas[0].client.registerEndpoint({ caller: who, url: witness.url, events: [] });
      const warmUp = await publishMany('a');
      await waitFor(() => expect(ids(witness)).toEqual(expect.arrayContaining(warmUp)), {
        timeoutMs: 20_000,
      });

      const reply = await replicas[1].client.registerEndpoint({ caller: who, url: newcomer.url, events: [] });
      const afterRegistration = await publishMany('b');
      await waitFor(() => expect(ids(witness)).toEqual(expect.arrayContaining(afterRegistration)), {
        timeoutMs: 20_000,
      });
      await waitFor(() => expect(ids(newcomer).sort()).toEqual([...afterRegistration].sort()));

      await replicas[0].client.deleteEndpoint({ caller: who, id: reply.endpoint?.id ?? '' });
      const afterDeletion = await publishMany('c');
      await waitFor(() => expect(ids(witness)).toEqual(expect.arrayContaining(afterDeletion)), {
        timeoutMs: 20_000,
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(ids(newcomer).sort()).toEqual([...afterRegistration].sort());
    } finally {
      for (const replica of replicas) await replica.stop();
      await publisher.stop();
      await witness.stop();
      await newcomer.stop();
    }
  });
});
