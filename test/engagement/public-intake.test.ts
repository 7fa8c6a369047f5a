import { uniqueName } from '@travel/testkit';
import { type AdminApi, platformAdmin } from '../support/admin';
import { call, callFrom, expectDocumented, gatewayUrl } from '../support/gateway';
import { api, dataOf, errorCode, intake, signed, WHATSAPP, whatsappDelivery } from './engagement.support';

interface Lead {
  id: string;
  name: string;
  phone: string | null;
  source: string;
  messages: { id: string; channel: string; direction: string; body: string }[];
}

describe('newsletter subscribe', () => {
  it('when an address subscribes twice, then 201 then 200, and an unsubscribed address is subscribed again', async () => {
    const email = `${uniqueName('pub')}@example.com`;
    const first = await intake('/api/newsletter/subscribe', { email });
    expect(first.status).toBe(201);
    expect(first.headers.get('ratelimit-limit')).toBeTruthy();
    const again = await intake('/api/newsletter/subscribe', { email: email.toUpperCase() });
    expect(again.status).toBe(200);
    expect(dataOf<{ id: string }>(again).id).toBe(dataOf<{ id: string }>(first).id);
    expect((await intake('/api/newsletter/subscribe', { email: 'not-an-email' })).status).toBe(400);

    const admin = await platformAdmin();
    const id = dataOf<{ id: string }>(first).id;
    await api(admin.token, 'PUT', `/api/admin/subscribers/${id}`, { status: 'unsubscribed' });
    const back = await intake('/api/newsletter/subscribe', { email });
    expect([back.status, dataOf<{ status: string }>(back).status]).toEqual([200, 'subscribed']);
  });
});

/**
 * The limits are spent from a loopback address of this suite's own: the windows are per client address, and a
 * suite after this one that posts from 127.0.0.1 (leads and queries) would otherwise wait its minute out.
 */
const LIMITS_ADDRESS = '127.0.0.4';

describe('public intake limits', () => {
  it.each([
    ['/api/newsletter/subscribe', () => ({ email: `${uniqueName('rl')}@example.com` })],
    ['/api/demo-requests', () => ({ name: 'Rate', email: `${uniqueName('rl')}@example.com` })],
  ])('when one address posts to %s past its limit, then 429 with Retry-After', async (path, body) => {
    const post = () => callFrom(LIMITS_ADDRESS, gatewayUrl(), 'POST', path, { body: body() });
    const first = await post();
    await expectDocumented('POST', path, first);
    const limit = Number(first.headers.get('ratelimit-limit'));
    expect(limit).toBeGreaterThan(0);
    let limited = first;
    // A fixed window: 2 × limit calls overrun it even if they straddle a window's end.
    for (let i = 0; i < 2 * limit && limited.status !== 429; i++) limited = await post();
    await expectDocumented('POST', path, limited);
    expect([limited.status, errorCode(limited)]).toEqual([429, 'rate_limited']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('WhatsApp webhook', () => {
  let admin: AdminApi;
  beforeAll(async () => {
    admin = await platformAdmin();
  });
  const leadsWithPhone = async (digits: string) => {
    const all = dataOf<Lead[]>(await api(admin.token, 'GET', '/api/admin/leads?tenantId=platform&limit=100'));
    return all.filter((lead) => lead.phone?.replace(/\D/g, '') === digits);
  };
  const post = (body: string, headers: Record<string, string>) =>
    api(null, 'POST', '/api/webhooks/whatsapp', body, headers);

  it('when Meta verifies the webhook, then the right token gets the challenge as text and a wrong one 403', async () => {
    const ok = await api(
      null,
      'GET',
      `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${WHATSAPP.verifyToken}&hub.challenge=1158201444`,
    );
    expect([ok.status, ok.text, ok.headers.get('content-type')?.startsWith('text/plain')]).toEqual([
      200,
      '1158201444',
      true,
    ]);
    const wrong = await api(
      null,
      'GET',
      '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1',
    );
    expect(wrong.status).toBe(403);
    const mode = await call(
      'GET',
      `/api/webhooks/whatsapp?hub.mode=unsubscribe&hub.verify_token=${WHATSAPP.verifyToken}&hub.challenge=1`,
    );
    expect(mode.status).toBe(403);
  });

  it('when a delivery has a bad or missing signature, then 401 and nothing is stored', async () => {
    const phone = `91${Date.now().toString().slice(-10)}`;
    const body = whatsappDelivery([{ id: `wamid.${uniqueName('bad')}`, from: phone, text: 'hello' }]);
    expect((await post(body, signed(body, 'not-the-secret'))).status).toBe(401);
    expect((await post(body, {})).status).toBe(401);
    // The signature is over the bytes as sent: the same JSON re-serialised does not match.
    const spaced = body.replace(/,/g, ', ');
    expect((await post(spaced, signed(body))).status).toBe(401);
    expect(await leadsWithPhone(phone)).toEqual([]);
  });

  it('when a new number writes and the same message is delivered twice, then one lead holds it once', async () => {
    const phone = `91${Date.now().toString().slice(-10)}`;
    const id = `wamid.${uniqueName('msg')}`;
    const body = whatsappDelivery([{ id, from: phone, text: 'Do you have Goa packages?', name: 'Kiran' }]);
    const first = await post(body, signed(body));
    expect(first.status).toBe(200);
    expect(dataOf(first)).toEqual({ received: true, stored: 1, duplicates: 0 });
    const again = await post(body, signed(body));
    expect(dataOf(again)).toEqual({ received: true, stored: 0, duplicates: 1 });

    const leads = await leadsWithPhone(phone);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ name: 'Kiran', source: 'whatsapp' });
    expect(leads[0]?.messages.map((m) => [m.id, m.channel, m.direction, m.body])).toEqual([
      [id, 'whatsapp', 'inbound', 'Do you have Goa packages?'],
    ]);

    const next = whatsappDelivery([{ id: `${id}.2`, from: phone, text: 'For 4 people' }]);
    await post(next, signed(next));
    const after = await leadsWithPhone(phone);
    expect(after.map((lead) => lead.messages.length)).toEqual([2]);
  });
});
