import { issueApiKey } from '@travel/api-keys';
import { createOpenApiValidator, documented } from '@travel/testkit';
import { type AdminApi, DEMO_ADMIN, signInAdmin } from '../../deploy/local/src/launcher/admin-api';
import { loadOpenApiDocuments } from '../src/openapi/documents';
import { type AccessHarness, startAccessHarness } from './support/access-harness';

// Two gateway replicas sharing Redis, behind a trusted proxy (127.0.0.1), so each test calls from an address of its own.
const STOREFRONT = 'https://shop.example.com';
const env = {
  KEY_FAILURES_PER_ADDRESS: '3',
  KEY_FAILURE_WINDOW_SECONDS: '120',
  TRUSTED_PROXIES: '127.0.0.1/32',
  PUBLIC_TLS: 'true',
  CORS_ALLOWED_ORIGINS: STOREFRONT,
};
let harness: AccessHarness;
let admin: AdminApi;
let goodKey: string;
const partner = loadOpenApiDocuments().partner;
const validate = createOpenApiValidator(
  partner as unknown as Parameters<typeof createOpenApiValidator>[0],
  '/api/v1',
);

beforeAll(async () => {
  harness = await startAccessHarness([env, env]);
  admin = await signInAdmin(harness.gateways[0] as string);
  const tenant = await admin.createTenant('Edge agency');
  const client = await admin.createClient('Edge client', tenant.id);
  goodKey = (await admin.createKey(client.id)).secret;
});
afterAll(() => harness?.stop(), 30_000);

const me = (gateway: string, key: string, from: string) =>
  fetch(`${gateway}/api/v1/me`, { headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': from } });

describe('the failed-key limit', () => {
  it('when an address has sent 3 unknown keys, then its next call is 429 with Retry-After on every replica, and identity is not asked', async () => {
    // 20 within 5 minutes by default (config.test.ts); 3 within 120 seconds here.
    documented(
      'gateway/openapi/partner.texts.yaml',
      '**Refused keys per address**: a client address that sent 20 refused keys (malformed, unknown, revoked or expired) within 5 minutes is `429 rate_limited` with `Retry-After` (the seconds left in its window) on every call until the window ends, whatever key it sends, without `RateLimit-*` headers.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'A misconfigured key retried in a loop ends here: fix the key, then wait `Retry-After`.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      "| 429 | `rate_limited` | Key's rate limit, or too many refused keys from your address; `Retry-After` |",
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'or your address sent too many refused keys (that answer carries no `RateLimit-*` headers)',
    );
    documented(
      'docs/access.md',
      '**failed-key limit** (`key-failure-limit.ts`): an address whose keys were refused `KEY_FAILURES_PER_ADDRESS` times (default 20) within `KEY_FAILURE_WINDOW_SECONDS` (default 300) is `429 rate_limited` with `Retry-After` (the seconds left in its window), whatever key it sends now, before the key is read: no lookup in the directory, so no call to identity and no churn of the key cache.',
    );
    const [first, second] = harness.gateways as [string, string];
    const from = '203.0.113.10';
    const lookupsBefore = harness.lookups.length;
    const callsBefore = harness.calls.length;
    for (let i = 0; i < 3; i++) expect((await me(first, issueApiKey('live').secret, from)).status).toBe(401);
    // Each made-up key cost identity one lookup, until the limit.
    expect(harness.lookups.slice(lookupsBefore)).toEqual(Array(3).fill('apiAccess.findKeyByHash'));

    for (const gateway of [first, second]) {
      const res = await me(gateway, issueApiKey('live').secret, from);
      const body = (await res.json()) as { error: { code: string; requestId: string } };
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(120);
      expect(body.error).toMatchObject({ code: 'rate_limited', requestId: res.headers.get('x-request-id') });
      expect(
        ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'].map((h) => res.headers.get(h)),
      ).toEqual([null, null, null]);
      validate({ method: 'get', path: '/api/v1/me', status: 429, body });
    }
    // A good key from that address waits too; neither it nor the made-up ones reached identity.
    expect((await me(second, goodKey, from)).status).toBe(429);
    expect(harness.lookups.slice(lookupsBefore)).toHaveLength(3);
    expect(harness.calls.slice(callsBefore)).toEqual([]);
  });

  it('when another address calls meanwhile, then its good key answers 200', async () => {
    const [first] = harness.gateways as [string];
    for (let i = 0; i < 3; i++) await me(first, issueApiKey('live').secret, '203.0.113.11');
    expect((await me(first, issueApiKey('live').secret, '203.0.113.11')).status).toBe(429);
    expect((await me(first, goodKey, '203.0.113.12')).status).toBe(200);
  });
});

describe('headers', () => {
  it('when a sign-in answers a token, then it is no-store and nosniff, with HSTS (PUBLIC_TLS) and a CSP that loads nothing', async () => {
    const res = await fetch(`${harness.gateways[0]}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.20' },
      body: JSON.stringify(DEMO_ADMIN),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { token: string } }).data.token).toBeTruthy();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it('when a key is issued (its secret shown once), then the answer is no-store', async () => {
    const client = await admin.createClient('Edge headers client', null);
    const res = await fetch(`${harness.gateways[0]}/api/admin/api-access/clients/${client.id}/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scopes: ['bookings:read'] }),
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { data: { secret: string } }).data.secret).toMatch(/^ptk_live_/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    fetch(`${harness.gateways[0]}/api/auth/login`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });

  it('when the storefront origin preflights, then 204 names it; another origin is 403 forbidden in the envelope', async () => {
    const allowed = await preflight(STOREFRONT);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(STOREFRONT);
    const refused = await preflight('https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('forbidden');
  });
});
