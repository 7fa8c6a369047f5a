import { createLogger } from '@travel/logger';
import type { RequestHandler } from 'express';
import request from 'supertest';
import { assembleApp } from '../app';
import type { RouteDefinition } from '../http/route-table';
import { addressFromTestHeader, countingRateLimits } from './middleware.fixture';
import { publicRateLimit } from './public-rate-limit';

const logger = createLogger({ name: 'test', level: 'silent' });
const ok: RequestHandler = (_req, res) => void res.json({ data: true });
const routes: RouteDefinition[] = [
  {
    method: 'post',
    path: '/api/demo-requests',
    access: { kind: 'public', limit: { name: 'demo', limit: 2, windowSeconds: 3600 } },
    handlers: [ok],
  },
  { method: 'get', path: '/api/blogs', access: { kind: 'public' }, handlers: [ok] },
  {
    method: 'get',
    path: '/api/v1/me',
    access: { kind: 'partner', scope: null },
    handlers: [ok],
  },
];

/** The public limit alone, with windows counted per key in a Map (what Redis would hold). */
function publicApp() {
  const { limits, windows } = countingRateLimits(1800);
  const address = addressFromTestHeader;
  const app = assembleApp(logger, routes, {
    clientAddress: address,
    platform: [],
    public: [publicRateLimit(limits)],
    partner: [],
    staff: [],
    customer: [],
  });
  return { app, windows };
}

describe('per-address limits of public routes', () => {
  it('when an address calls a limited route, then its window is the route’s and the address’s, with the RateLimit headers', async () => {
    const { app, windows } = publicApp();
    const first = await request(app).post('/api/demo-requests').set('x-test-address', '198.51.100.4');
    expect(first.status).toBe(200);
    expect(first.headers).toMatchObject({
      'ratelimit-limit': '2',
      'ratelimit-remaining': '1',
      'ratelimit-reset': '1800',
    });
    expect(windows).toEqual([['public:demo:198.51.100.4', { limit: 2, windowSeconds: 3600 }]]);
  });

  it('when the address has used its limit, then it is 429 with Retry-After, and another address is not', async () => {
    const { app } = publicApp();
    const post = (from: string) => request(app).post('/api/demo-requests').set('x-test-address', from);
    expect((await post('192.0.2.1')).status).toBe(200);
    expect((await post('192.0.2.1')).status).toBe(200);
    const refused = await post('192.0.2.1');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1800');
    expect(refused.body.error).toMatchObject({
      code: 'rate_limited',
      message: 'Too many requests from your address to this route; retry in 1800 s.',
    });
    expect((await post('192.0.2.2')).status).toBe(200);
  });

  it('when a public route has no limit, or the route is not public, then nothing is counted', async () => {
    const { app, windows } = publicApp();
    const open = await request(app).get('/api/blogs');
    expect(open.status).toBe(200);
    expect(open.headers['ratelimit-limit']).toBeUndefined();
    expect((await request(app).get('/api/v1/me')).status).toBe(200);
    expect(windows).toEqual([]);
  });
});
