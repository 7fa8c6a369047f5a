import { documented } from '@travel/testkit';
import { newPartner, platformAdmin } from '../support/admin';
import { detailPaths, errorOf, partnerCall } from '../support/bookings';
import { endpointOf, registerWebhook } from '../support/webhooks';

describe('POST, GET and DELETE /api/v1/webhooks', () => {
  it('when an endpoint is registered, then 201 shows its secret once; the list never does', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'The answer is the only time the signing `secret` is shown; keep it to verify `X-Partner-Signature`.',
    );
    const { key } = await newPartner(await platformAdmin());
    const res = await registerWebhook(key.secret, {
      url: 'http://127.0.0.1:9/hooks',
      events: ['booking.created'],
    });
    expect(res.status).toBe(201);
    const endpoint = endpointOf(res);
    expect(endpoint).toMatchObject({
      id: expect.stringMatching(/^whk_\d+$/),
      url: 'http://127.0.0.1:9/hooks',
      events: ['booking.created'],
      status: 'active',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      secret: expect.stringMatching(/^whsec_/),
    });
    const list = await partnerCall(key.secret, 'GET', '/api/v1/webhooks');
    expect(list.status).toBe(200);
    const { secret: _shownOnce, ...listed } = endpoint;
    expect(list.body).toEqual({ data: [listed], hasMore: false, nextCursor: null });
    expect(list.text).not.toContain('whsec_');
  });

  it('when the URL is private or an event type unknown, then 400 with a detail for each and nothing is registered', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'A refused URL or an unknown event type is `400 bad_request` with a `details` entry for it',
    );
    const { key } = await newPartner(await platformAdmin());
    const res = await registerWebhook(key.secret, { url: 'http://10.0.0.8/hooks', events: ['booking.made'] });
    expect([res.status, errorOf(res).code, detailPaths(res)]).toEqual([
      400,
      'bad_request',
      ['url', 'events.0'],
    ]);
    const shape = await registerWebhook(key.secret, { events: 'all' });
    expect([shape.status, detailPaths(shape)?.sort()]).toEqual([400, ['events', 'url']]);
    const list = await partnerCall(key.secret, 'GET', '/api/v1/webhooks');
    expect((list.body as { data: unknown[] }).data).toEqual([]);
  });

  it('when a client has 10 endpoints, then the 11th is 409 conflict; after a DELETE there is room again', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'a client has at most 10 endpoints, and the eleventh is `409 conflict`',
    );
    const { key } = await newPartner(await platformAdmin());
    const ids: string[] = [];
    for (let i = 0; i < 10; i++)
      ids.push(endpointOf(await registerWebhook(key.secret, { url: `http://127.0.0.1:9/${i}` })).id);
    const eleventh = await registerWebhook(key.secret, { url: 'http://127.0.0.1:9/11' });
    expect([eleventh.status, errorOf(eleventh).code]).toEqual([409, 'conflict']);

    const removed = await partnerCall(key.secret, 'DELETE', `/api/v1/webhooks/${ids[0]}`);
    expect([removed.status, removed.body]).toEqual([200, { data: { id: ids[0], deleted: true } }]);
    expect((await registerWebhook(key.secret, { url: 'http://127.0.0.1:9/11' })).status).toBe(201);
  });

  it('when another client deletes an endpoint, or the id is unknown or malformed, then 404 not_found', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      "`404 not_found` when no endpoint has this id, or when it belongs to another client or to the other environment than the key's.",
    );
    const admin = await platformAdmin();
    const owner = await newPartner(admin);
    const stranger = await newPartner(admin);
    const ownerTest = await admin.createKey(owner.client.id, { environment: 'test' });
    const { id } = endpointOf(await registerWebhook(owner.key.secret, { url: 'http://127.0.0.1:9/hooks' }));
    for (const [secret, target] of [
      [stranger.key.secret, id],
      [ownerTest.secret, id],
      [owner.key.secret, 'whk_999999999'],
      [owner.key.secret, 'hook-1'],
    ] as const) {
      const res = await partnerCall(secret, 'DELETE', `/api/v1/webhooks/${target}`);
      expect([res.status, errorOf(res).code]).toEqual([404, 'not_found']);
    }
    const list = await partnerCall(owner.key.secret, 'GET', '/api/v1/webhooks');
    expect((list.body as { data: { id: string }[] }).data.map((e) => e.id)).toEqual([id]);
  });
});
