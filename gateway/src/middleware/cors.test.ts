import { createLogger } from '@travel/logger';
import request from 'supertest';
import { assembleApp } from '../app';
import type { RouteDefinition } from '../http/route-table';
import { cors } from './cors';
import { securityHeaders } from './security-headers';

const logger = createLogger({ name: 'test', level: 'silent' });
const STOREFRONT = 'https://shop.example.com';
const answer: RouteDefinition['handlers'] = [(_req, res) => void res.json({ data: true })];
const routes: RouteDefinition[] = [
  { method: 'post', path: '/api/auth/login', access: { kind: 'public' }, handlers: answer },
  { method: 'get', path: '/api/v1/health', access: { kind: 'public' }, handlers: answer },
];
const app = (origins: string[]) =>
  assembleApp(logger, routes, undefined, {
    edge: [securityHeaders({ hstsMaxAgeSeconds: null }), cors(origins)],
  });
const preflight = (origins: string[], origin: string, path = '/api/auth/login') =>
  request(app(origins))
    .options(path)
    .set('Origin', origin)
    .set('Access-Control-Request-Method', 'POST')
    .set('Access-Control-Request-Headers', 'authorization, content-type');

describe('CORS', () => {
  it('when no origin is allowed (the default), then a preflight is 403 forbidden in the envelope', async () => {
    const res = await preflight([], STOREFRONT);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'forbidden', requestId: res.headers['x-request-id'] });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('when the origin is in the allow-list, then its preflight is 204 with its own origin, methods and headers', async () => {
    const res = await preflight([STOREFRONT], STOREFRONT);
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(STOREFRONT);
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(res.headers['access-control-allow-headers']).toContain('Authorization');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers.vary).toContain('Origin');
  });

  it('when an allowed origin calls, then the answer names it and exposes the request id; another origin gets no CORS header', async () => {
    const allowed = await request(app([STOREFRONT]))
      .post('/api/auth/login')
      .set('Origin', STOREFRONT);
    expect(allowed.status).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(STOREFRONT);
    expect(allowed.headers['access-control-expose-headers']).toContain('X-Request-Id');
    const other = await request(app([STOREFRONT]))
      .post('/api/auth/login')
      .set('Origin', 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers.vary).toContain('Origin');
  });

  it('when a look-alike origin asks (another scheme, port or a suffix), then it is refused', async () => {
    for (const origin of [
      'http://shop.example.com',
      'https://shop.example.com:8443',
      'https://shop.example.com.evil.example',
    ])
      expect((await preflight([STOREFRONT], origin)).status).toBe(403);
  });

  it('when an allowed origin preflights the partner API, then it is refused: partner keys stay on servers', async () => {
    expect((await preflight([STOREFRONT], STOREFRONT, '/api/v1/health')).status).toBe(403);
  });
});
