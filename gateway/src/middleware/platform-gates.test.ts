import { type ConsoleIpRuleEntry, consoleIpPolicy } from '@travel/api-keys';
import { createLogger } from '@travel/logger';
import type { RequestHandler } from 'express';
import request from 'supertest';
import type { AccessDirectory } from '../access/access-directory';
import { assembleApp } from '../app';
import { requestContextOf } from '../http/request-context';
import type { RouteAccess, RouteDefinition } from '../http/route-table';
import { consoleIpRules } from './console-ip-rules';
import { storefrontSwitch } from './storefront-switch';

const logger = createLogger({ name: 'test', level: 'silent' });
const route = (method: 'get' | 'post', path: string, access: RouteAccess): RouteDefinition => ({
  method,
  path,
  access,
  handlers: [(_req, res) => void res.json({ data: true })],
});
const routes = [
  route('post', '/api/admin/auth/login', { kind: 'public' }),
  route('get', '/api/admin/settings', { kind: 'staff' }),
  route('get', '/api/profile', { kind: 'customer' }),
  route('get', '/api/blogs/:slug', { kind: 'public' }),
  route('post', '/api/demo-requests', { kind: 'public' }),
  route('get', '/api/hero-slides/admin', { kind: 'staff' }),
];

/** The gates alone, with the client address taken from a test header and every other check passing. */
function gatedApp(rules: ConsoleIpRuleEntry[], storefrontEnabled: boolean) {
  const directory = {
    consoleIpPolicy: async () => consoleIpPolicy(rules),
    storefront: async () => ({ storefrontEnabled }),
  } as unknown as AccessDirectory;
  const address: RequestHandler = (req, res, next) => {
    requestContextOf(res).clientAddress = req.get('x-test-address') ?? '192.0.2.1';
    next();
  };
  return assembleApp(logger, routes, {
    clientAddress: address,
    platform: [consoleIpRules(directory), storefrontSwitch(directory)],
    public: [],
    partner: [],
    staff: [],
    customer: [],
  });
}

describe('console IP rules', () => {
  const app = gatedApp(
    [
      { action: 'allow', cidr: '10.0.0.0/8' },
      { action: 'deny', cidr: '10.0.0.66' },
    ],
    true,
  );

  it('when the address is outside every allow rule, then every /api/admin path is 403, sign-in and unknown paths included', async () => {
    for (const [method, path] of [
      ['get', '/api/admin/settings'],
      ['post', '/api/admin/auth/login'],
      ['get', '/api/admin/nothing-here'],
    ] as const) {
      const res = await request(app)[method](path).set('x-test-address', '203.0.113.5');
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
  });

  it('when the address is allowed but also denied, then deny wins', async () => {
    expect((await request(app).get('/api/admin/settings').set('x-test-address', '10.0.0.66')).status).toBe(
      403,
    );
    expect((await request(app).get('/api/admin/settings').set('x-test-address', '10.0.0.67')).status).toBe(
      200,
    );
  });

  it('when the path is not a console one, then the rules do not apply', async () => {
    expect((await request(app).get('/api/blogs/hello').set('x-test-address', '203.0.113.5')).status).toBe(
      200,
    );
  });
});

describe('the storefront switch', () => {
  const off = gatedApp([], false);

  it('when the storefront is off, then customer routes and storefront public routes are 503', async () => {
    for (const path of ['/api/profile', '/api/blogs/hello']) {
      const res = await request(off).get(path);
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('service_unavailable');
    }
  });

  it('when the storefront is off, then the consoles and non-storefront public routes still answer', async () => {
    expect((await request(off).get('/api/admin/settings')).status).toBe(200);
    expect((await request(off).get('/api/hero-slides/admin')).status).toBe(200);
    expect((await request(off).post('/api/demo-requests')).status).toBe(200);
  });

  it('when the storefront is on, then its routes answer', async () => {
    expect((await request(gatedApp([], true)).get('/api/profile')).status).toBe(200);
  });
});
