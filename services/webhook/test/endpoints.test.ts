import { startReceiver, waitFor } from '@travel/testkit';
import { bookingEvent, caller, SUPPORT, startPublisher, startWebhook, webhookEnv } from './webhook.fixture';

const env = webhookEnv();
let service: Awaited<ReturnType<typeof startWebhook>>;
let clientNumber = 100;
const nextClient = () => ++clientNumber;

beforeAll(async () => {
  service = await startWebhook(env);
});
afterAll(async () => {
  await service?.stop();
});

describe('webhook endpoints', () => {
  it('when started against the real infrastructure, then grpc.health.v1 reports it SERVING', async () => {
    for (const name of ['', 'mongodb']) expect(await service.health(name)).toBe('SERVING');
  });

  it('when an endpoint is registered, then its whsec_ secret is returned once and never listed', async () => {
    const who = caller(nextClient());
    const reply = await service.client.registerEndpoint({
      caller: who,
      url: 'http://127.0.0.1:9/hooks',
      events: ['booking.created', 'booking.created'],
    });
    expect(reply.secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    expect(reply.endpoint).toMatchObject({ id: expect.stringMatching(/^whk_\d+$/), status: 'active' });
    expect(reply.endpoint?.events).toEqual(['booking.created']);
    const listed = await service.client.listEndpoints({ caller: who });
    expect(listed.endpoints.map((e) => e.id)).toEqual([reply.endpoint?.id]);
    expect(JSON.stringify(listed)).not.toContain('whsec_');
  });

  it('when an event type is unknown, then bad_request names it and nothing is registered', async () => {
    const who = caller(nextClient());
    await expect(
      service.client.registerEndpoint({ caller: who, url: 'http://127.0.0.1:9/', events: ['booking.made'] }),
    ).rejects.toMatchObject({ code: 'bad_request' });
    expect((await service.client.listEndpoints({ caller: who })).endpoints).toEqual([]);
  });

  it('when twelve registrations race for ten places, then exactly ten land and the rest are conflict', async () => {
    const who = caller(nextClient());
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        service.client.registerEndpoint({ caller: who, url: `http://127.0.0.1:9/${i}`, events: [] }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const failure of results.filter((r) => r.status === 'rejected'))
      expect((failure as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict' });
    const listed = await service.client.listEndpoints({ caller: who });
    expect(listed.endpoints).toHaveLength(10);

    await service.client.deleteEndpoint({ caller: who, id: listed.endpoints[0]?.id ?? '' });
    await expect(
      service.client.registerEndpoint({ caller: who, url: 'http://127.0.0.1:9/again', events: [] }),
    ).resolves.toBeDefined();
  });

  it('when another client (or the other environment) deletes an endpoint, then not_found and it stays', async () => {
    const owner = caller(nextClient());
    const { endpoint } = await service.client.registerEndpoint({
      caller: owner,
      url: 'http://127.0.0.1:9/',
      events: [],
    });
    const id = endpoint?.id ?? '';
    for (const stranger of [caller(nextClient()), caller(owner.clientId, 'test')])
      await expect(service.client.deleteEndpoint({ caller: stranger, id })).rejects.toMatchObject({
        code: 'not_found',
      });
    expect((await service.client.listEndpoints({ caller: owner })).endpoints).toHaveLength(1);
    expect(await service.client.deleteEndpoint({ caller: owner, id })).toEqual({ id });
    expect((await service.client.listEndpoints({ caller: owner })).endpoints).toEqual([]);
  });

  it('when an endpoint is deleted, then it receives nothing more: neither new events nor its pending retries', async () => {
    const who = caller(nextClient());
    const receiver = await startReceiver(() => ({ status: 500 }));
    const witness = await startReceiver();
    const publisher = await startPublisher(env);
    try {
      const { endpoint } = await service.client.registerEndpoint({
        caller: who,
        url: receiver.url,
        events: [],
      });
      const first = bookingEvent(who.clientId);
      await publisher.publish('booking.events', first);
      await waitFor(() => expect(receiver.received).toHaveLength(1));
      await service.client.deleteEndpoint({ caller: who, id: endpoint?.id ?? '' });
      // A second endpoint of the client shows when the next event has been handled.
      await service.client.registerEndpoint({ caller: who, url: witness.url, events: [] });
      await publisher.publish('booking.events', bookingEvent(who.clientId));
      await waitFor(() => expect(witness.received).toHaveLength(1));
      await waitFor(
        async () => {
          const [delivery] = (await service.client.listDeliveries({ caller: SUPPORT, eventId: first.id }))
            .deliveries;
          expect(delivery?.status).toBe('cancelled');
        },
        { timeoutMs: 5000 },
      );
      expect(receiver.received).toHaveLength(1);
    } finally {
      await publisher.stop();
      await receiver.stop();
      await witness.stop();
    }
  });
});
