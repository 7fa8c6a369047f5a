import { documented } from '@travel/testkit';
import request from 'supertest';
import type { ServiceClients } from '../../clients/service-clients';
import { partnerTestApp, testKey } from '../../middleware/middleware.fixture';
import { eventsRoutes } from './events.routes';
import { webhooksRoutes } from './webhooks.routes';

// "Every failing field in one answer" for the webhook write routes (docs/webhooks.md, PATCH; docs/decisions/webhooks.md
// "Validation"): the contract carries the URL, event-type and range rules, so a body with every field wrong is one
// 400 naming each, and the webhook service is not called.

const endpoint = {
  id: 'whk_1',
  url: 'https://hooks.example.com/in',
  events: ['booking.created'],
  status: 'active',
  createdAt: new Date('2026-11-21T10:00:00Z'),
};

/** A webhook client that records every call and answers as the service would to a valid one. */
function appWithWebhook() {
  const calls: [string, unknown][] = [];
  const answer = (method: string, reply: object) => async (input: unknown) => {
    calls.push([method, input]);
    return reply;
  };
  const webhook = {
    registerEndpoint: answer('registerEndpoint', { endpoint, secret: `whsec_${'a'.repeat(32)}` }),
    updateEndpoint: answer('updateEndpoint', { endpoint }),
    rotateEndpointSecret: answer('rotateEndpointSecret', { endpoint, secret: `whsec_${'b'.repeat(32)}` }),
    recoverDeliveries: answer('recoverDeliveries', { queued: 0, replayed: false }),
  };
  const clients = { webhook } as unknown as ServiceClients;
  const routes = [...webhooksRoutes({ clients })];
  return { calls, app: partnerTestApp(routes, testKey({ scopes: ['webhooks:manage'] })) };
}

interface Problem {
  path: string;
  message: string;
}

const problemsOf = (body: { error?: { code: string; details?: Problem[] | null } }) => ({
  code: body.error?.code,
  paths: (body.error?.details ?? []).map((problem) => problem.path).sort(),
});

const TYPES = 'must be one of booking.created, booking.cancelled, invoice.paid';

describe('webhook write routes: every failing field in one 400', () => {
  it.each([
    [
      'POST /api/v1/webhooks',
      { url: 'http://10.1.2.3/hooks', events: ['booking.created', 'booking.exploded', 7] },
      {},
      ['events.1', 'events.2', 'url'],
    ],
    [
      'PATCH /api/v1/webhooks/whk_1',
      { url: 'not a url', events: ['booking.exploded'], enabled: 'yes' },
      {},
      ['enabled', 'events.0', 'url'],
    ],
    ['POST /api/v1/webhooks/whk_1/rotate-secret', { overlapSeconds: 604_801 }, {}, ['overlapSeconds']],
    [
      'POST /api/v1/webhooks/whk_1/recover',
      { since: '2026-11-21T10:00:00+25:00' },
      { 'Idempotency-Key': 'short' },
      ['Idempotency-Key', 'since'],
    ],
    // No fields of their own: an unknown one is the body's problem, listed beside a malformed key.
    [
      'POST /api/v1/webhooks/whk_1/deliveries/whd_k3J9x0QmT2vR8aLp5sWd_1/redeliver',
      { force: true },
      { 'Idempotency-Key': 'short' },
      ['Idempotency-Key', 'body'],
    ],
    ['POST /api/v1/webhooks/whk_1/ping', { type: 'booking.created' }, {}, ['body']],
  ])(
    'when %s gets every field wrong, then 400 names each and nothing reaches the service',
    async (route, body, headers, paths) => {
      const { app, calls } = appWithWebhook();
      const [method, path] = route.split(' ') as [string, string];
      const res = await request(app)[method.toLowerCase() as 'post' | 'patch'](path).set(headers).send(body);
      expect(res.status).toBe(400);
      expect(problemsOf(res.body)).toEqual({ code: 'bad_request', paths });
      expect(calls).toEqual([]);
    },
  );

  it('when a change has a bad URL, an unknown type and a non-boolean enabled (issue 44), then each is listed with its reason', async () => {
    const { app } = appWithWebhook();
    const res = await request(app)
      .patch('/api/v1/webhooks/whk_1')
      .send({ url: 'https://user:secret@hooks.example.com/', events: ['booking.updated'], enabled: 'no' });
    expect(res.status).toBe(400);
    const details = res.body.error.details as Problem[];
    expect(details.find((p) => p.path === 'url')?.message).toBe('must not carry credentials');
    expect(details.find((p) => p.path === 'events.0')?.message).toBe(TYPES);
    expect(details.map((p) => p.path)).toContain('enabled');
  });

  it.each([
    ['ftp://hooks.example.com/in', 'must be https'],
    ['/relative/path', 'must be an absolute URL'],
    ['https://192.168.1.10/in', 'must resolve to public addresses only (192.168.1.10 is private)'],
    ['https://[::ffff:10.0.0.1]/in', 'must resolve to public addresses only (::ffff:a00:1 is private)'],
    [
      'https://169.254.169.254/latest',
      'must resolve to public addresses only (169.254.169.254 is linkLocal)',
    ],
    ['http://93.184.215.14/in', 'must be https'],
  ])('when a registration names %s, then url alone is refused: %s', async (url, message) => {
    const { app, calls } = appWithWebhook();
    const res = await request(app).post('/api/v1/webhooks').send({ url, events: [] });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'url', message }]);
    expect(calls).toEqual([]);
  });

  it('when the URL is longer than 2048 characters, then url is listed once, as the service says it', async () => {
    const { app } = appWithWebhook();
    const res = await request(app)
      .post('/api/v1/webhooks')
      .send({ url: `https://hooks.example.com/${'a'.repeat(2048)}` });
    expect(res.body.error.details).toEqual([{ path: 'url', message: 'must be at most 2048 characters' }]);
  });

  it('when more than 20 types are sent, then events is listed', async () => {
    const { app } = appWithWebhook();
    const res = await request(app)
      .post('/api/v1/webhooks')
      .send({ url: 'https://hooks.example.com/in', events: Array(21).fill('invoice.paid') });
    expect(problemsOf(res.body)).toEqual({ code: 'bad_request', paths: ['events'] });
  });

  // What only the service can judge passes here: a name's addresses, and loopback (allowed outside production).
  it.each([
    'https://hooks.example.com/in',
    'http://127.0.0.1:9000/hooks',
    'http://localhost:9000/hooks',
    'https://[2606:4700::1111]/in',
  ])('when the URL is %s, then the change goes to the service', async (url) => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '(where a host name resolves is checked once the rest of the body passed)',
    );
    const { app, calls } = appWithWebhook();
    const res = await request(app)
      .patch('/api/v1/webhooks/whk_1')
      .send({ url, events: ['booking.created', 'invoice.paid'], enabled: false });
    expect(res.status).toBe(200);
    expect(calls).toEqual([
      [
        'updateEndpoint',
        expect.objectContaining({
          id: 'whk_1',
          url,
          events: { types: ['booking.created', 'invoice.paid'] },
          enabled: false,
        }),
      ],
    ]);
  });
});

describe('webhook routes and their scope', () => {
  // The gateway refuses a key without the route's scope before any service is called, on every partner route
  // (gateway/test/partner-security.test.ts); here, the scope every webhook and events-feed route declares.
  it('when a route manages endpoints or reads the events feed, then it needs webhooks:manage', () => {
    documented('docs/webhooks.md', 'Every route needs a key with the scope `webhooks:manage`');
    const clients = {} as ServiceClients;
    const routes = [...webhooksRoutes({ clients }), ...eventsRoutes({ clients })];
    expect(routes.map((route) => `${route.method.toUpperCase()} ${route.path}`).sort()).toEqual([
      'DELETE /api/v1/webhooks/:id',
      'GET /api/v1/events',
      'GET /api/v1/events/:id',
      'GET /api/v1/webhooks',
      'GET /api/v1/webhooks/:id/deliveries',
      'PATCH /api/v1/webhooks/:id',
      'POST /api/v1/webhooks',
      'POST /api/v1/webhooks/:id/deliveries/:deliveryId/redeliver',
      'POST /api/v1/webhooks/:id/ping',
      'POST /api/v1/webhooks/:id/recover',
      'POST /api/v1/webhooks/:id/rotate-secret',
    ]);
    for (const route of routes) expect(route.access).toEqual({ kind: 'partner', scope: 'webhooks:manage' });
  });
});
