import { randomBytes } from 'node:crypto';
import { documented, waitFor } from '@travel/testkit';
import { bookingEvent, caller, SUPPORT, startPublisher, startWebhook, webhookEnv } from './webhook.fixture';

/** The only DNS there is in these tests: no name resolves anywhere else, and no connection is opened. */
const dns = new Map<string, string[]>([
  ['hooks.partner.example', ['93.184.216.34']],
  ['internal.partner.example', ['10.1.2.3']],
  ['mixed.partner.example', ['93.184.216.34', '192.168.1.20']],
  ['mapped.partner.example', ['::ffff:127.0.0.1']],
]);
const resolve = async (host: string) => {
  const addresses = dns.get(host);
  if (!addresses) throw new Error(`ENOTFOUND ${host}`);
  return addresses;
};

// Production requires sealing keys of its own.
const env = webhookEnv({ NODE_ENV: 'production', SEALING_KEYS: `k1:${randomBytes(32).toString('base64')}` });
let service: Awaited<ReturnType<typeof startWebhook>>;

beforeAll(async () => {
  service = await startWebhook(env, { resolve });
});
afterAll(async () => {
  await service?.stop();
});

describe('webhook targets in production', () => {
  it.each([
    ['plain http', 'http://hooks.partner.example/hooks'],
    ['IPv4 loopback', 'https://127.0.0.1/hooks'],
    ['10/8', 'https://10.0.0.7/hooks'],
    ['172.16/12', 'https://172.16.4.2/hooks'],
    ['192.168/16', 'https://192.168.0.10/hooks'],
    ['link-local metadata', 'https://169.254.169.254/latest/meta-data'],
    ['carrier-grade NAT', 'https://100.64.0.1/hooks'],
    ['IPv6 loopback', 'https://[::1]/hooks'],
    ['IPv6 unique local', 'https://[fc00::1]/hooks'],
    ['IPv4-mapped IPv6 loopback', 'https://[::ffff:127.0.0.1]/hooks'],
    ['a name resolving to a private address', 'https://internal.partner.example/hooks'],
    ['a name with one private address among public ones', 'https://mixed.partner.example/hooks'],
    ['a name resolving to a mapped loopback', 'https://mapped.partner.example/hooks'],
    ['a name that does not resolve', 'https://nowhere.partner.example/hooks'],
    ['not a URL', 'hooks.partner.example'],
  ])('when the URL is %s, then 400 bad_request on url and nothing is registered', async (_case, url) => {
    const who = caller(401);
    await expect(service.client.registerEndpoint({ caller: who, url, events: [] })).rejects.toMatchObject({
      code: 'bad_request',
      details: [expect.objectContaining({ path: 'url' })],
    });
    expect((await service.client.listEndpoints({ caller: who })).endpoints).toEqual([]);
  });

  it('when a public https URL is registered and its name later resolves to a private address, then the delivery is refused, not sent', async () => {
    const who = caller(402);
    await service.client.registerEndpoint({
      caller: who,
      url: 'https://hooks.partner.example/hooks',
      events: [],
    });
    dns.set('hooks.partner.example', ['10.9.9.9']); // DNS rebinding after the check at registration
    const publisher = await startPublisher(env);
    try {
      const event = bookingEvent(who.clientId);
      await publisher.publish('booking.events', event);
      await waitFor(async () => {
        const [delivery] = (await service.client.listDeliveries({ caller: SUPPORT, eventId: event.id }))
          .deliveries;
        expect(delivery?.attempts[0]).toMatchObject({
          acknowledged: false,
          error: expect.stringContaining('target refused'),
        });
        expect(delivery?.attempts[0]?.statusCode).toBeUndefined();
      });
    } finally {
      await publisher.stop();
    }
  });

  it('when a registered name later resolves to a private address, then a ping is refused and sent nowhere, and a change to a private URL is 400 on url', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '(where a host name resolves is checked once the rest of the body passed)',
    );
    const who = caller(403);
    dns.set('ping.partner.example', ['93.184.216.34']);
    const { endpoint } = await service.client.registerEndpoint({
      caller: who,
      url: 'https://ping.partner.example/hooks',
      events: [],
    });
    dns.set('ping.partner.example', ['169.254.169.254']);
    const { attempt } = await service.client.pingEndpoint({ caller: who, id: endpoint?.id ?? '' });
    expect(attempt).toMatchObject({ acknowledged: false, error: expect.stringContaining('target refused') });
    expect(attempt?.statusCode).toBeUndefined();
    await expect(
      service.client.updateEndpoint({
        caller: who,
        id: endpoint?.id ?? '',
        url: 'https://internal.partner.example/x',
      }),
    ).rejects.toMatchObject({ code: 'bad_request', details: [expect.objectContaining({ path: 'url' })] });
  });
});
