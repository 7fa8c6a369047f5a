import { issueApiKey } from '@travel/api-keys';
import { createLogger } from '@travel/logger';
import type { RequestHandler } from 'express';
import request from 'supertest';
import type { AccessDirectory } from '../access/access-directory';
import type { KeyFailures } from '../access/key-failures';
import { assembleApp } from '../app';
import { requestContextOf } from '../http/request-context';
import type { RouteDefinition } from '../http/route-table';
import { authenticateKey } from './authenticate-key';
import { keyFailureLimit } from './key-failure-limit';
import { testKey } from './middleware.fixture';

const logger = createLogger({ name: 'test', level: 'silent' });
const routes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/api/v1/me',
    access: { kind: 'partner', scope: 'bookings:read' },
    handlers: [(_req, res) => void res.json({ data: true })],
  },
];
const good = issueApiKey('live');

/** The two steps with a directory that knows one key, and failures counted per address in a Map. */
function limitedApp(limit: number) {
  const counted = new Map<string, number>();
  const lookups: string[] = [];
  const failures: KeyFailures = {
    standing: async (address) =>
      (counted.get(address) ?? 0) >= limit ? { blocked: true, retryAfterSeconds: 42 } : { blocked: false },
    record: async (address) => void counted.set(address, (counted.get(address) ?? 0) + 1),
  };
  const directory = {
    findKey: async (hash: string) => {
      lookups.push(hash);
      return hash === good.hash ? testKey() : undefined;
    },
  } as unknown as AccessDirectory;
  const address: RequestHandler = (req, res, next) => {
    requestContextOf(res).clientAddress = req.get('x-test-address') ?? '192.0.2.1';
    next();
  };
  const app = assembleApp(logger, routes, {
    clientAddress: address,
    platform: [],
    public: [],
    partner: [keyFailureLimit(failures), authenticateKey(directory, () => new Date(), failures)],
    staff: [],
    customer: [],
  });
  const call = (key: string | undefined, from = '192.0.2.1') => {
    const req = request(app).get('/api/v1/me').set('x-test-address', from);
    return key === undefined ? req : req.set('authorization', `Bearer ${key}`);
  };
  return { call, counted, lookups };
}

describe('the failed-key limit', () => {
  it('when an address has sent its limit of unknown keys, then the next call is 429 with Retry-After before any lookup', async () => {
    const { call, lookups } = limitedApp(3);
    for (let i = 0; i < 3; i++) expect((await call(issueApiKey('live').secret)).status).toBe(401);
    expect(lookups).toHaveLength(3);
    const refused = await call(issueApiKey('live').secret);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('42');
    expect(refused.body.error).toMatchObject({
      code: 'rate_limited',
      requestId: refused.headers['x-request-id'],
    });
    expect(refused.body.error.message).toMatch(/failed API key attempts/);
    // Also a good key from that address: the address is refused before its key is read.
    expect((await call(good.secret)).status).toBe(429);
    expect(lookups).toHaveLength(3);
  });

  it('when another address calls meanwhile, then it is not affected', async () => {
    const { call } = limitedApp(1);
    expect((await call('ptk_live_nope')).status).toBe(401);
    expect((await call('ptk_live_nope')).status).toBe(429);
    expect((await call(good.secret, '198.51.100.9')).status).toBe(200);
  });

  it('when a key is malformed, unknown or fine, or no key is sent, then only the refused keys count', async () => {
    const { call, counted } = limitedApp(10);
    expect((await call(undefined)).status).toBe(401);
    expect((await call('not-a-key')).status).toBe(401);
    expect((await call(issueApiKey('test').secret)).status).toBe(401);
    expect((await call(good.secret)).status).toBe(200);
    expect(counted.get('192.0.2.1')).toBe(2);
  });
});
