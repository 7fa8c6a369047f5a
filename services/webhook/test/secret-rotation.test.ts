import { codeOf, startReceiver, verifySignature, waitFor } from '@travel/testkit';
import mongoose from 'mongoose';
import { bookingEvent, caller, startPublisher, startWebhook, webhookEnv } from './webhook.fixture';

// Secret rotation with an overlap (docs/decisions/partner-tools.md "Webhook secret rotation, auto-disable and recovery").
const env = webhookEnv();
let service: Awaited<ReturnType<typeof startWebhook>>;
let publisher: Awaited<ReturnType<typeof startPublisher>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let raw: mongoose.mongo.MongoClient;

beforeAll(async () => {
  service = await startWebhook(env);
  publisher = await startPublisher(env);
  receiver = await startReceiver();
  raw = await new mongoose.mongo.MongoClient(env.MONGO_URL as string).connect();
});
afterAll(async () => {
  await raw?.close();
  await receiver?.stop();
  await publisher?.stop();
  await service?.stop();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);
let clientNumber = 7300;

/** A receiver's check with the secrets it holds at that moment: any of them verifying the delivery is enough. */
const verifiesWith = (secrets: string[], request: { headers: Record<string, unknown>; rawBody: string }) =>
  secrets.some((secret) =>
    verifySignature(secret, String(request.headers['x-partner-signature']), request.rawBody, nowSeconds()),
  );

async function deliverOne(clientId: number) {
  const before = receiver.received.length;
  const event = bookingEvent(clientId);
  await publisher.publish('booking.events', event);
  await waitFor(() => expect(receiver.bodies().map((b) => b.id)).toContain(event.id), { timeoutMs: 20_000 });
  expect(receiver.received.length).toBe(before + 1);
  return receiver.received[before] as { headers: Record<string, unknown>; rawBody: string };
}

describe('webhook secret rotation', () => {
  it('when a secret is rotated with an overlap, then every delivery of the window verifies with the old secret and with the new one', async () => {
    const clientId = ++clientNumber;
    const who = caller(clientId);
    const registered = await service.client.registerEndpoint({ caller: who, url: receiver.url, events: [] });
    const id = registered.endpoint?.id ?? '';
    const old = registered.secret;
    expect(verifiesWith([old], await deliverOne(clientId))).toBe(true);

    // A window far longer than the deliveries take, however busy the machine: all three fall inside it.
    const rotated = await service.client.rotateEndpointSecret({ caller: who, id, overlapSeconds: 600 });
    expect(rotated.secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    expect(rotated.secret).not.toBe(old);
    expect(rotated.previousSecretExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 500_000);

    // A receiver switches at some moment of the window: before it holds the old secret only, after the new one
    // only. Every delivery of the window must verify on both sides of that moment.
    for (let i = 0; i < 3; i++) {
      const during = await deliverOne(clientId);
      expect(String(during.headers['x-partner-signature'])).toMatch(
        /^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/,
      );
      expect([verifiesWith([old], during), verifiesWith([rotated.secret], during)]).toEqual([true, true]);
    }
  });

  it('when the overlap has ended, then a delivery verifies only with the new secret', async () => {
    const clientId = ++clientNumber;
    const who = caller(clientId);
    const registered = await service.client.registerEndpoint({ caller: who, url: receiver.url, events: [] });
    const id = registered.endpoint?.id ?? '';
    const rotated = await service.client.rotateEndpointSecret({ caller: who, id, overlapSeconds: 1 });
    // The end the service answered, awaited on the clock it reads (the same host's): no bound on how long it takes.
    const ends = rotated.previousSecretExpiresAt?.getTime() ?? Number.NaN;
    expect(ends - Date.now()).toBeLessThanOrEqual(1000);
    await waitFor(() => expect(Date.now()).toBeGreaterThan(ends), { timeoutMs: 10_000 });
    const after = await deliverOne(clientId);
    expect(String(after.headers['x-partner-signature'])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect([verifiesWith([registered.secret], after), verifiesWith([rotated.secret], after)]).toEqual([
      false,
      true,
    ]);
  });

  it('when rotated with overlap 0 (a leaked secret), then the next delivery no longer verifies with the old secret', async () => {
    const clientId = ++clientNumber;
    const who = caller(clientId);
    const registered = await service.client.registerEndpoint({ caller: who, url: receiver.url, events: [] });
    const id = registered.endpoint?.id ?? '';
    const rotated = await service.client.rotateEndpointSecret({ caller: who, id, overlapSeconds: 0 });
    expect(rotated.previousSecretExpiresAt).toBeUndefined();
    const next = await deliverOne(clientId);
    expect([verifiesWith([registered.secret], next), verifiesWith([rotated.secret], next)]).toEqual([
      false,
      true,
    ]);
  });

  it('when rotations race, then each answer is a secret that signs, and the secrets stay sealed at rest', async () => {
    const clientId = ++clientNumber;
    const who = caller(clientId);
    const registered = await service.client.registerEndpoint({ caller: who, url: receiver.url, events: [] });
    const id = registered.endpoint?.id ?? '';
    const results = await Promise.allSettled(
      Array.from({ length: 3 }, () =>
        service.client.rotateEndpointSecret({ caller: who, id, overlapSeconds: 600 }),
      ),
    );
    const secrets = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.secret] : []));
    for (const failure of results.filter((r) => r.status === 'rejected'))
      expect((failure as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict' });
    expect(secrets.length).toBeGreaterThan(0);
    const delivery = await deliverOne(clientId);
    for (const secret of [registered.secret, ...secrets]) expect(verifiesWith([secret], delivery)).toBe(true);

    const stored = await raw
      .db(env.MONGO_DATABASE)
      .collection('webhook_endpoints')
      .findOne({ _id: id as never });
    expect(stored?.secret).toMatch(/^sealed:v1:/);
    // The first secret and every racing rotation but the last are retiring: sealed as the current one is.
    const retiring = stored?.retiringSecrets ?? [];
    expect(retiring).toHaveLength(secrets.length);
    for (const { secret } of retiring) expect(secret).toMatch(/^sealed:v1:/);
    const text = JSON.stringify(stored);
    for (const secret of [registered.secret, ...secrets]) expect(text).not.toContain(secret);
  });

  it('when another client or the other environment rotates, no caller, or the overlap is out of range, then not_found, forbidden or bad_request and nothing changes', async () => {
    const clientId = ++clientNumber;
    const owner = caller(clientId);
    const registered = await service.client.registerEndpoint({
      caller: owner,
      url: receiver.url,
      events: [],
    });
    const id = registered.endpoint?.id ?? '';
    for (const intruder of [caller(clientId + 1000), caller(clientId, 'test')])
      expect(await codeOf(service.client.rotateEndpointSecret({ caller: intruder, id }))).toBe('not_found');
    expect(await codeOf(service.client.rotateEndpointSecret({ id }))).toBe('forbidden');
    for (const overlapSeconds of [-1, 604_801])
      expect(await codeOf(service.client.rotateEndpointSecret({ caller: owner, id, overlapSeconds }))).toBe(
        'bad_request',
      );
    const delivery = await deliverOne(clientId);
    expect(String(delivery.headers['x-partner-signature'])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifiesWith([registered.secret], delivery)).toBe(true);
  });
});
