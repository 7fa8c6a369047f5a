import { documented, waitFor } from '@travel/testkit';
import { type AdminApi, ALL_SCOPES, signInAdmin } from '../../deploy/local/src/launcher/admin-api';
import { type AccessHarness, startAccessHarness } from './support/access-harness';
import { describePartnerSecurity, type SecurityFixture } from './support/partner-security-suite';

let harness: AccessHarness;
let admin: AdminApi;
let fixture: SecurityFixture;
/** A key with one scope, `search:read`. */
let searchOnlyKey: string;
/** The suite's client, linked to a tenant. */
let linkedClientId: number;

async function settingsApplied(gateway: string, key: string, expected: (status: number) => boolean) {
  await waitFor(
    async () => {
      const res = await fetch(`${gateway}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
      expect(expected(res.status)).toBe(true);
    },
    { timeoutMs: 5000, intervalMs: 50 },
  );
}

beforeAll(async () => {
  // Every route's refused-key checks come from one address: far past the failed-key limit (edge.test.ts tests it).
  harness = await startAccessHarness([{ KEY_FAILURES_PER_ADDRESS: '100000' }]);
  const gateway = harness.gateways[0] as string;
  admin = await signInAdmin(gateway);
  const tenant = await admin.createTenant('Security suite agency');
  const client = await admin.createClient('Security suite client', tenant.id);
  const suspended = await admin.createClient('Suspended client', tenant.id);
  const unlinked = await admin.createClient('Unlinked client', null);
  const key = (options: Record<string, unknown> = {}) => admin.createKey(client.id, options);
  const [full, revoked, ipLimited, suspendedKey, unlinkedKey] = await Promise.all([
    key(),
    key(),
    key({ ipAllowList: ['203.0.113.0/24'] }),
    admin.createKey(suspended.id),
    admin.createKey(unlinked.id),
  ]);
  linkedClientId = client.id;
  searchOnlyKey = (await key({ scopes: ['search:read'] })).secret;
  const expired = await key({ expiresAt: new Date(Date.now() + 1500).toISOString() });
  await admin.request('POST', `/api/admin/api-access/keys/${revoked.id}/revoke`);
  await admin.request('PUT', `/api/admin/api-access/clients/${suspended.id}`, { status: 'suspended' });
  await new Promise((resolve) => setTimeout(resolve, 1600));
  fixture = {
    gateway,
    calls: harness.calls,
    fullKey: full.secret,
    revokedKey: revoked.secret,
    expiredKey: expired.secret,
    suspendedClientKey: suspendedKey.secret,
    ipLimitedKey: ipLimited.secret,
    unlinkedClientKey: unlinkedKey.secret,
    keyWithout: async (scope) => (await key({ scopes: ALL_SCOPES.filter((s) => s !== scope) })).secret,
    exhaustedKey: async () => {
      const limited = await key({ rateLimit: { limit: 1, windowSeconds: 60 } });
      const first = await fetch(`${gateway}/api/v1/me`, {
        headers: { authorization: `Bearer ${limited.secret}` },
      });
      expect(first.status).toBe(200);
      return limited.secret;
    },
    withSwitches: async (change, run) => {
      await admin.request('PUT', '/api/admin/api-access/settings', change);
      try {
        if (change.apiEnabled === false)
          await settingsApplied(gateway, full.secret, (status) => status === 503);
        await run();
      } finally {
        await admin.request('PUT', '/api/admin/api-access/settings', {
          apiEnabled: true,
          disabledScopes: [],
        });
        await settingsApplied(gateway, full.secret, (status) => status === 200);
      }
    },
  };
});

afterAll(() => harness?.stop());

describe('partner security suite', () => {
  it('when the key is valid, then GET /me answers 200 (the control case)', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '**Rate limit**: per key, by default 100 requests per 10 seconds',
    );
    const res = await fetch(`${fixture.gateway}/api/v1/me`, {
      headers: { authorization: `Bearer ${fixture.fullKey}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBe('100');
    expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(10);
  });

  it('when the administrator sets a key its own limit or changes the platform default, then each key is counted by its own limit or the new default', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '**Rate limit**: per key, by default 100 requests per 10 seconds; the administrator may set another limit per key or change the platform default.',
    );
    const limitOf = async (key: string) =>
      (
        await fetch(`${fixture.gateway}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } })
      ).headers.get('ratelimit-limit');
    const ownLimit = await admin.createKey(linkedClientId, { rateLimit: { limit: 250, windowSeconds: 60 } });
    expect(await limitOf(ownLimit.secret)).toBe('250');
    await admin.request('PUT', '/api/admin/api-access/settings', {
      defaultRateLimit: { limit: 70, windowSeconds: 10 },
    });
    try {
      await waitFor(async () => expect(await limitOf(searchOnlyKey)).toBe('70'), {
        timeoutMs: 5000,
        intervalMs: 50,
      });
      expect(await limitOf(ownLimit.secret)).toBe('250');
    } finally {
      await admin.request('PUT', '/api/admin/api-access/settings', {
        defaultRateLimit: { limit: 100, windowSeconds: 10 },
      });
      await waitFor(async () => expect(await limitOf(searchOnlyKey)).toBe('100'), {
        timeoutMs: 5000,
        intervalMs: 50,
      });
    }
  });

  it('when the key is valid, then a search reaches the search service (so the "reaches no service" check can fail)', async () => {
    const before = fixture.calls.length;
    const res = await fetch(`${fixture.gateway}/api/v1/search/cars`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.fullKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pickup: 'Goa', from: '2030-01-10', until: '2030-01-12' }),
    });
    // No search service runs beside this gateway: the call is made, then answered 503.
    documented(
      'gateway/openapi/partner.texts.yaml',
      '| 503 | `service_unavailable` | A backing service does not answer; retry with backoff |',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'retry after `Retry-After`, with backoff (`RateLimit-*` present once the key is valid)',
    );
    expect(res.status).toBe(503);
    expect(fixture.calls.slice(before)).toEqual(['search.searchCars']);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toEqual(
      expect.objectContaining({
        code: 'service_unavailable',
        message: 'A backing service is temporarily unavailable. Retry with backoff.',
      }),
    );
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.headers.get('ratelimit-limit')).toBe('100');
  });

  it('when a key waits the Retry-After of its 429, then its next call is admitted', async () => {
    documented('gateway/openapi/partner.texts.yaml', 'Wait `Retry-After` seconds.');
    const limited = await admin.createKey(linkedClientId, { rateLimit: { limit: 1, windowSeconds: 2 } });
    const me = () =>
      fetch(`${fixture.gateway}/api/v1/me`, { headers: { authorization: `Bearer ${limited.secret}` } });
    // The window may end between the first two calls: then the second is the first of the next window.
    let refused = await me();
    for (let i = 0; i < 3 && refused.status !== 429; i++) refused = await me();
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    expect((await me()).status).toBe(200);
  });

  it('when the key of a linked client is valid, then a booking read reaches the booking service (so the tenant-link check can fail)', async () => {
    const before = fixture.calls.length;
    const res = await fetch(`${fixture.gateway}/api/v1/bookings`, {
      headers: { authorization: `Bearer ${fixture.fullKey}` },
    });
    expect(res.status).toBe(503);
    expect(fixture.calls.slice(before)).toEqual(['booking.listBookings']);
  });

  it('when every scope is switched off and the key holds one scope, then GET /me still answers 200 (it needs none)', async () => {
    documented('gateway/openapi/partner.texts.yaml', '(`GET /me` needs none)');
    documented(
      'gateway/openapi/partner.texts.yaml',
      'Of the `403` codes only `forbidden` (client suspended, address not allowed) applies here, since the route needs no scope.',
    );
    const me = () =>
      fetch(`${fixture.gateway}/api/v1/me`, { headers: { authorization: `Bearer ${searchOnlyKey}` } });
    expect((await me()).status).toBe(200);
    await fixture.withSwitches({ disabledScopes: [...ALL_SCOPES] }, async () => {
      // The switch is heard (a scoped route is refused) before /me is asked.
      await waitFor(
        async () => {
          const res = await fetch(`${fixture.gateway}/api/v1/webhooks`, {
            headers: { authorization: `Bearer ${fixture.fullKey}` },
          });
          expect(((await res.json()) as { error?: { code: string } }).error?.code).toBe('scope_disabled');
        },
        { timeoutMs: 5000, intervalMs: 50 },
      );
      const res = await me();
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { scopes: string[] } }).data.scopes).toEqual(['search:read']);
    });
  });

  it('when no key is sent to an unknown route or a known route with another method, then 404 or 405 with Allow, before any key check', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'An unknown route is `404 not_found` and a known route with another method `405 method_not_allowed` with an `Allow` header, both without authentication.',
    );
    const before = fixture.calls.length;
    const unknown = await fetch(`${fixture.gateway}/api/v1/no-such-route`);
    const body = (await unknown.json()) as { error: { code: string } };
    expect([unknown.status, body.error.code]).toEqual([404, 'not_found']);
    const other = await fetch(`${fixture.gateway}/api/v1/me`, { method: 'DELETE' });
    const otherBody = (await other.json()) as { error: { code: string } };
    expect([other.status, otherBody.error.code, other.headers.get('allow')]).toEqual([
      405,
      'method_not_allowed',
      'GET, HEAD',
    ]);
    for (const res of [unknown, other]) expect(res.headers.get('ratelimit-limit')).toBeNull();
    expect(fixture.calls.slice(before)).toEqual([]);
  });

  describePartnerSecurity(() => fixture);
});

describe('client address behind a trusted proxy', () => {
  let trusted: AccessHarness;
  beforeAll(async () => {
    trusted = await startAccessHarness([{ TRUSTED_PROXIES: '127.0.0.1/32' }]);
  });
  afterAll(() => trusted?.stop());

  it('when the peer is a trusted proxy, then the forwarded address decides the allow-list', async () => {
    const gateway = trusted.gateways[0] as string;
    const admin = await signInAdmin(gateway);
    const client = await admin.createClient('Proxied client', null);
    const key = await admin.createKey(client.id, { ipAllowList: ['203.0.113.0/24'] });
    const call = (xff: string) =>
      fetch(`${gateway}/api/v1/me`, {
        headers: { authorization: `Bearer ${key.secret}`, 'x-forwarded-for': xff },
      });
    expect((await call('203.0.113.7')).status).toBe(200);
    expect((await call('203.0.113.7, 198.51.100.1')).status).toBe(403);
  });
});
