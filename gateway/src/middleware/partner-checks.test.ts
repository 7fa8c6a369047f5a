import { issueApiKey, type KeyRecord, parseAllowListEntry } from '@travel/api-keys';
import { createLogger } from '@travel/logger';
import { documented } from '@travel/testkit';
import request from 'supertest';
import type { AccessDirectory, PlatformSettings } from '../access/access-directory';
import type { KeyFailures } from '../access/key-failures';
import { assembleApp } from '../app';
import { partnerKeyOf } from '../http/request-context';
import type { RouteDefinition } from '../http/route-table';
import { authenticateKey } from './authenticate-key';
import { ipAllowList } from './ip-allow-list';
import { addressFromTestHeader, countingRateLimits, testKey } from './middleware.fixture';
import { platformSwitches } from './platform-switches';
import { rateLimit } from './rate-limit';
import { requireScope } from './require-scope';

const logger = createLogger({ name: 'test', level: 'silent' });
const partnerRoute = (path: string, scope: string | null): RouteDefinition => ({
  method: 'get',
  path,
  access: { kind: 'partner', scope },
  handlers: [(_req, res) => void res.json({ data: partnerKeyOf(res).keyId })],
});
const routes = [
  partnerRoute('/api/v1/me', null),
  partnerRoute('/api/v1/bookings', 'bookings:read'),
  partnerRoute('/api/v1/invoices', 'invoices:read'),
];

interface Setup {
  key?: Partial<KeyRecord>;
  settings?: Partial<PlatformSettings>;
  now?: Date;
}

/**
 * The partner steps from authentication to the rate limit, with a directory that knows one key and the given
 * settings, failures counted per address, and fixed windows counted per key in a Map (what Redis would hold).
 */
function partnerApp(setup: Setup = {}) {
  const issued = issueApiKey('live');
  const record = testKey(setup.key);
  const settings: PlatformSettings = {
    apiEnabled: true,
    disabledScopes: [],
    defaultRateLimit: { limit: 3, windowSeconds: 60 },
    ...setup.settings,
  };
  const directory = {
    findKey: async (hash: string) => (hash === issued.hash ? record : undefined),
    settings: async () => settings,
  } as unknown as AccessDirectory;
  const failed: string[] = [];
  const failures: KeyFailures = {
    standing: async () => ({ blocked: false }),
    record: async (address) => void failed.push(address),
  };
  const { limits, windows } = countingRateLimits(17);
  const address = addressFromTestHeader;
  const app = assembleApp(logger, routes, {
    clientAddress: address,
    platform: [],
    public: [],
    partner: [
      authenticateKey(directory, () => setup.now ?? new Date(), failures),
      ipAllowList,
      platformSwitches(directory),
      requireScope,
      rateLimit(limits, directory),
    ],
    staff: [],
    customer: [],
  });
  /** `secret` null: no key sent. */
  const call = (path: string, secret: string | null = issued.secret, from = '192.0.2.1') => {
    const req = request(app).get(path).set('x-test-address', from);
    return secret === null ? req : req.set('authorization', `Bearer ${secret}`);
  };
  return { call, failed, windows };
}

describe('partner key authentication', () => {
  it('when a known live key is sent, then the route sees it', async () => {
    // The directory knows the key only by its hash (partnerApp).
    documented('docs/access.md', 'The key is looked up by its SHA-256 in the **access directory**.');
    const { call, failed } = partnerApp();
    const answer = await call('/api/v1/me');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toBe('key_1');
    expect(failed).toEqual([]);
  });

  it('when the key is refused, then each reason has its own answer, and only keys sent and refused count against the address', async () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const none = partnerApp();
    expect((await none.call('/api/v1/me', null)).body.error.message).toMatch(/Send your API key/);
    expect(none.failed).toEqual([]);
    const unknown = partnerApp();
    const answer = await unknown.call('/api/v1/me', issueApiKey('live').secret, '198.51.100.7');
    expect([answer.status, answer.body.error.message]).toEqual([401, 'The API key is not valid.']);
    expect(unknown.failed).toEqual(['198.51.100.7']);

    const revoked = partnerApp({ key: { revokedAt: new Date('2026-05-01T00:00:00Z') }, now });
    const revokedAnswer = await revoked.call('/api/v1/me');
    expect([revokedAnswer.status, revokedAnswer.body.error.message]).toEqual([
      401,
      'The API key has been revoked.',
    ]);
    expect(revoked.failed).toHaveLength(1);

    const expired = partnerApp({ key: { expiresAt: new Date('2026-05-31T00:00:00Z') }, now });
    const expiredAnswer = await expired.call('/api/v1/me');
    expect([expiredAnswer.status, expiredAnswer.body.error.message]).toEqual([
      401,
      'The API key has expired.',
    ]);
    expect(expired.failed).toHaveLength(1);

    const suspended = partnerApp({ key: { clientStatus: 'suspended' } });
    const suspendedAnswer = await suspended.call('/api/v1/me');
    expect([suspendedAnswer.status, suspendedAnswer.body.error.code]).toEqual([403, 'forbidden']);
    expect(suspendedAnswer.body.error.message).toBe('The API client is suspended.');
    // A suspended client's key is genuine: not a guess to count against the address.
    expect(suspended.failed).toEqual([]);
  });
});

describe('the key’s IP allow-list', () => {
  const ipRanges = [parseAllowListEntry('203.0.113.0/24')].filter((range) => range !== undefined);

  it('when the key has an allow-list, then an address on it passes and one off it is 403 with the address named', async () => {
    const { call } = partnerApp({ key: { ipRanges } });
    expect((await call('/api/v1/me', undefined, '203.0.113.9')).status).toBe(200);
    const refused = await call('/api/v1/me', undefined, '192.0.2.1');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Requests from 192.0.2.1 are not allowed for this API key.');
  });
});

describe('the platform switches and the key’s scopes', () => {
  it('when the API is switched off, then every partner route is 503 api_disabled with Retry-After 60', async () => {
    const { call } = partnerApp({ settings: { apiEnabled: false } });
    const answer = await call('/api/v1/me');
    expect(answer.status).toBe(503);
    expect(answer.body.error.code).toBe('api_disabled');
    expect(answer.headers['retry-after']).toBe('60');
  });

  it('when a scope is switched off, then its routes are 403 scope_disabled naming it, and others still answer', async () => {
    const { call } = partnerApp({ settings: { disabledScopes: ['bookings:read'] } });
    const answer = await call('/api/v1/bookings');
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatchObject({
      code: 'scope_disabled',
      message: 'The scope bookings:read is switched off platform-wide.',
    });
    expect((await call('/api/v1/me')).status).toBe(200);
  });

  it('when the key lacks the route’s scope, then 403 insufficient_scope names it; a held scope passes', async () => {
    const { call } = partnerApp();
    const answer = await call('/api/v1/invoices');
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatchObject({
      code: 'insufficient_scope',
      message: 'This API key lacks the scope invoices:read.',
    });
    expect((await call('/api/v1/bookings')).status).toBe(200);
  });
});

describe('the key’s rate limit', () => {
  it('when the key has no limit of its own, then the platform default counts its calls, with the RateLimit headers', async () => {
    const { call, windows } = partnerApp();
    const first = await call('/api/v1/me');
    expect(first.headers).toMatchObject({
      'ratelimit-limit': '3',
      'ratelimit-remaining': '2',
      'ratelimit-reset': '17',
    });
    expect(first.headers['retry-after']).toBeUndefined();
    expect(windows).toEqual([['key_1', { limit: 3, windowSeconds: 60 }]]);
    await call('/api/v1/me');
    await call('/api/v1/me');
    const refused = await call('/api/v1/me');
    expect(refused.status).toBe(429);
    expect(refused.headers).toMatchObject({ 'ratelimit-remaining': '0', 'retry-after': '17' });
    expect(refused.body.error).toMatchObject({
      code: 'rate_limited',
      message: 'Rate limit of 3 requests per 60 s exceeded; retry in 17 s.',
    });
  });

  it('when the key has a limit of its own, then that one counts', async () => {
    const { call, windows } = partnerApp({ key: { rateLimit: { limit: 1, windowSeconds: 5 } } });
    expect((await call('/api/v1/me')).status).toBe(200);
    expect((await call('/api/v1/me')).status).toBe(429);
    expect(windows[0]).toEqual(['key_1', { limit: 1, windowSeconds: 5 }]);
  });
});
