import { createLogger } from '@travel/logger';
import request from 'supertest';
import { assembleApp } from '../app';
import type { RouteDefinition } from '../http/route-table';
import { cors } from './cors';
import { securityHeaders } from './security-headers';

const logger = createLogger({ name: 'test', level: 'silent' });
const routes: RouteDefinition[] = [
  {
    method: 'post',
    path: '/api/auth/login',
    access: { kind: 'public' },
    handlers: [(_req, res) => void res.json({ data: { accessToken: 'eyJ.secret.token' } })],
  },
  {
    method: 'get',
    path: '/api/blogs',
    access: { kind: 'public' },
    handlers: [(_req, res) => void res.set('Cache-Control', 'public, max-age=60').json({ data: [] })],
  },
];
const appWith = (hstsMaxAgeSeconds: number | null) =>
  assembleApp(logger, routes, undefined, {
    edge: [securityHeaders({ hstsMaxAgeSeconds }), cors([])],
  });

describe('security headers', () => {
  it('when a token is answered, then it carries no-store, nosniff, a CSP that loads nothing and no HSTS by default', async () => {
    const res = await request(appWith(null)).post('/api/auth/login');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('when an error or an unknown path is answered, then it carries the same headers', async () => {
    const res = await request(appWith(null)).get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('when the platform is served over TLS, then HSTS is sent with the configured max-age', async () => {
    const res = await request(appWith(31_536_000)).post('/api/auth/login');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('when a route declares itself cacheable, then its own Cache-Control stands', async () => {
    const res = await request(appWith(null)).get('/api/blogs');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});
