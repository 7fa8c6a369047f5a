import { metricValue } from '@travel/metrics';
import { waitFor } from '@travel/testkit';
import { type AdminApi, signInAdmin } from '../../deploy/local/src/launcher/admin-api';
import { type AccessHarness, startAccessHarness } from './support/access-harness';

// The access directory with the real identity service, Kafka and Redis: what an identity change evicts, and what
// answers while identity is stopped. Metrics are this process's registry; each describe has one gateway.

const counted = (cache: string, result: string) =>
  metricValue('gateway_access_cache_lookups_total', { cache, result });
const evicted = (cache: string) => metricValue('gateway_access_cache_evictions_total', { cache });

const partnerMe = (gateway: string, secret: string) =>
  fetch(`${gateway}/api/v1/me`, { headers: { authorization: `Bearer ${secret}` } });

interface Customer {
  token: string;
  refreshToken: string;
}

async function registerCustomer(gateway: string, name: string): Promise<Customer> {
  const res = await fetch(`${gateway}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${name}-${Date.now()}@shopper.example`,
      password: 'storefront-2026',
      fullName: name,
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: Customer }).data;
}

const customerMe = (gateway: string, customer: Customer) =>
  fetch(`${gateway}/api/auth/me`, { headers: { authorization: `Bearer ${customer.token}` } });

const logout = (gateway: string, customer: Customer) =>
  fetch(`${gateway}/api/auth/logout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken: customer.refreshToken }),
  });

/**
 * identity.changes is one ordered partition: once a marker customer's logout is heard, so is every change announced
 * before it (a key's creation evicts that key, perhaps after a first lookup cached it).
 */
async function changesSoFarHeard(gateway: string) {
  const marker = await registerCustomer(gateway, 'marker');
  expect((await logout(gateway, marker)).status).toBe(200);
  await waitFor(async () => expect((await customerMe(gateway, marker)).status).toBe(401), {
    timeoutMs: 5000,
    intervalMs: 20,
  });
}

describe('an identity change evicts only what it names', () => {
  let harness: AccessHarness;
  let admin: AdminApi;
  let gateway: string;
  beforeAll(async () => {
    harness = await startAccessHarness([{ CUSTOMER_SIGN_IN_PER_ADDRESS_PER_MINUTE: '1000' }]);
    gateway = harness.gateways[0] as string;
    admin = await signInAdmin(gateway);
  });
  afterAll(() => harness?.stop(), 30_000);

  it('when customers log out in a burst during partner load, then every partner key lookup stays a hit and identity is not asked for a key', async () => {
    const tenant = await admin.createTenant('Cache agency');
    const client = await admin.createClient('Cache client', tenant.id);
    // A limit the load cannot reach (the platform default is 100 calls in 10 s).
    const unlimited = { rateLimit: { limit: 100_000, windowSeconds: 60 } };
    const keys = await Promise.all([
      admin.createKey(client.id, unlimited),
      admin.createKey(client.id, unlimited),
    ]);
    for (const key of keys) expect((await partnerMe(gateway, key.secret)).status).toBe(200);
    const customers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => registerCustomer(gateway, `burst-${i}`)),
    );
    await changesSoFarHeard(gateway);
    for (const key of keys) expect((await partnerMe(gateway, key.secret)).status).toBe(200);
    for (const customer of customers) expect((await customerMe(gateway, customer)).status).toBe(200);

    const hitsBefore = await counted('api_keys', 'hit');
    const missesBefore = await counted('api_keys', 'miss');
    const sessionEvictionsBefore = await evicted('customer_sessions');
    const keyLookupsBefore = harness.lookups.filter((call) => call === 'apiAccess.findKeyByHash').length;

    // Partner load on both keys, with every customer logging out meanwhile.
    let partnerCalls = 0;
    let loading = true;
    const load = (async () => {
      while (loading) {
        const statuses = await Promise.all(keys.map((key) => partnerMe(gateway, key.secret)));
        partnerCalls += statuses.length;
        expect(statuses.map((res) => res.status)).toEqual([200, 200]);
      }
    })();
    const loggedOut = await Promise.all(customers.map((customer) => logout(gateway, customer)));
    expect(loggedOut.map((res) => res.status)).toEqual(customers.map(() => 200));
    // Each logout is heard: its session is refused from then on.
    for (const customer of customers)
      await waitFor(async () => expect((await customerMe(gateway, customer)).status).toBe(401), {
        timeoutMs: 5000,
        intervalMs: 20,
      });
    loading = false;
    await load;

    expect(partnerCalls).toBeGreaterThan(0);
    expect(await evicted('customer_sessions')).toBe(sessionEvictionsBefore + customers.length);
    expect(await counted('api_keys', 'miss')).toBe(missesBefore);
    expect(await counted('api_keys', 'hit')).toBe(hitsBefore + partnerCalls);
    expect(harness.lookups.filter((call) => call === 'apiAccess.findKeyByHash')).toHaveLength(
      keyLookupsBefore,
    );
  });

  it('when one key is revoked, then that key is refused on the next request and the client’s other key stays a hit', async () => {
    const client = await admin.createClient('Revocation client', null);
    const [revoked, kept] = await Promise.all([admin.createKey(client.id), admin.createKey(client.id)]);
    await changesSoFarHeard(gateway);
    for (const key of [revoked, kept]) expect((await partnerMe(gateway, key.secret)).status).toBe(200);
    const missesBefore = await counted('api_keys', 'miss');

    await admin.request('POST', `/api/admin/api-access/keys/${revoked.id}/revoke`);
    await waitFor(async () => expect((await partnerMe(gateway, revoked.secret)).status).toBe(401), {
      timeoutMs: 1000,
      intervalMs: 20,
    });
    expect((await partnerMe(gateway, kept.secret)).status).toBe(200);
    // The revoked key was asked for again (once or a few times while the change travelled), the kept one never.
    const revokedLookups = (await counted('api_keys', 'miss')) - missesBefore;
    expect(revokedLookups).toBeGreaterThanOrEqual(1);
    expect((await partnerMe(gateway, kept.secret)).status).toBe(200);
    expect((await counted('api_keys', 'miss')) - missesBefore).toBe(revokedLookups);
  });

  it('when a client is suspended, then every key of that client is refused, and another client’s key stays cached', async () => {
    const [suspended, other] = await Promise.all([
      admin.createClient('Suspended later', null),
      admin.createClient('Untouched', null),
    ]);
    const [a, b, c] = await Promise.all([
      admin.createKey(suspended.id),
      admin.createKey(suspended.id),
      admin.createKey(other.id),
    ]);
    await changesSoFarHeard(gateway);
    for (const key of [a, b, c]) expect((await partnerMe(gateway, key.secret)).status).toBe(200);
    const evictionsBefore = await evicted('api_keys');

    await admin.request('PUT', `/api/admin/api-access/clients/${suspended.id}`, { status: 'suspended' });
    for (const key of [a, b])
      await waitFor(async () => expect((await partnerMe(gateway, key.secret)).status).toBe(403), {
        timeoutMs: 1000,
        intervalMs: 20,
      });
    expect(await evicted('api_keys')).toBe(evictionsBefore + 2);
    expect((await partnerMe(gateway, c.secret)).status).toBe(200);
  });
});

describe('with identity stopped', () => {
  // Entries are fresh for a second only, so the checks below run on entries past their freshness.
  const FRESH_MS = 1000;
  let harness: AccessHarness;
  let gateway: string;
  beforeAll(async () => {
    harness = await startAccessHarness([
      { ACCESS_CACHE_TTL_MS: String(FRESH_MS), CUSTOMER_SIGN_IN_PER_ADDRESS_PER_MINUTE: '1000' },
    ]);
    gateway = harness.gateways[0] as string;
  });
  afterAll(() => harness?.stop(), 30_000);

  it('when keys and sessions were cached, then they keep working past their freshness; an unknown key is 503 with Retry-After at once; after identity is back it is known', async () => {
    const admin = await signInAdmin(gateway);
    const client = await admin.createClient('Outage client', null);
    const [known, unknown, another] = await Promise.all([
      admin.createKey(client.id),
      admin.createKey(client.id),
      admin.createKey(client.id),
    ]);
    const customer = await registerCustomer(gateway, 'outage');
    expect((await partnerMe(gateway, known.secret)).status).toBe(200);
    expect((await customerMe(gateway, customer)).status).toBe(200);
    await admin.request('GET', '/api/admin/tenant-directory');

    await harness.stopIdentity();
    await new Promise((resolve) => setTimeout(resolve, FRESH_MS + 200));
    const staleBefore = await counted('api_keys', 'stale');

    // The cached key answers, past its freshness.
    expect((await partnerMe(gateway, known.secret)).status).toBe(200);
    expect(await counted('api_keys', 'stale')).toBeGreaterThan(staleBefore);
    // A staff and a customer session get past the access checks: their calls reach the (stopped) service.
    const callsBefore = harness.calls.length;
    const staffCall = await fetch(`${gateway}/api/admin/tenant-directory`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(staffCall.status).toBe(503);
    expect((await customerMe(gateway, customer)).status).toBe(503);
    expect(harness.calls.slice(callsBefore)).toEqual(['tenants.listTenants', 'customers.getProfile']);

    // Keys nobody has used yet: 503 service_unavailable with Retry-After, the second without asking identity.
    const lookupsBefore = harness.lookups.length;
    for (const key of [unknown, another]) {
      const started = Date.now();
      const res = await partnerMe(gateway, key.secret);
      const body = (await res.json()) as { error: { code: string } };
      expect({ status: res.status, code: body.error.code }).toEqual({
        status: 503,
        code: 'service_unavailable',
      });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // Not a hang: at most one lookup deadline (ACCESS_LOOKUP_DEADLINE_MS, 750 ms), not the call deadline (5 s).
      expect(Date.now() - started).toBeLessThan(2000);
    }
    expect(harness.lookups.slice(lookupsBefore).length).toBeLessThanOrEqual(1);

    await harness.startIdentityAgain();
    await waitFor(async () => expect((await partnerMe(gateway, unknown.secret)).status).toBe(200), {
      timeoutMs: 10_000,
      intervalMs: 100,
    });
    expect((await partnerMe(gateway, known.secret)).status).toBe(200);
  });
});
