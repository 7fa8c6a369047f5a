import { waitFor } from '@travel/testkit';
import { type AdminApi, signInAdmin } from '../../deploy/local/src/launcher/admin-api';
import { type AccessHarness, startAccessHarness } from './support/access-harness';

// The request log end to end (docs/access.md, "Request log"): real gateway, identity, store and Kafka.

interface Logged {
  requestId: string;
  keyId: string;
  tenantId: string | null;
  environment: string;
  method: string;
  route: string;
  path: string;
  status: number;
  clientAddress: string;
  idempotencyKey: string | null;
  error: unknown;
}
interface Page {
  data: Logged[];
  hasMore: boolean;
  nextCursor: string | null;
}

let harness: AccessHarness;
let admin: AdminApi;
let gateway: string;

beforeAll(async () => {
  harness = await startAccessHarness([{ REQUEST_LOG_FLUSH_MS: '100' }]);
  gateway = harness.gateways[0] as string;
  admin = await signInAdmin(gateway);
});
afterAll(() => harness?.stop(), 30_000);

const get = (path: string, token: string) =>
  fetch(`${gateway}${path}`, { headers: { authorization: `Bearer ${token}` } });

/** A tenant with a linked client, a key (`scopes`) and a staff member with the right `api-console`. */
async function tenantWithStaff(name: string, scopes = ['search:read']) {
  const tenant = await admin.createTenant(`${name} ${Date.now()}`);
  const client = await admin.createClient(`${name} client`, tenant.id);
  const key = await admin.createKey(client.id, { scopes });
  const role = await admin.request<{ id: string }>('POST', '/api/admin/roles', {
    name: `Console ${tenant.id}`,
    permissions: ['api-console'],
    tenantId: tenant.id,
  });
  const email = `console-${tenant.id.toLowerCase()}@agency.example`;
  const password = 'tenant-pass-2026';
  await admin.request('POST', '/api/admin/users', {
    email,
    name: 'Console',
    password,
    roleId: role.id,
    tenantId: tenant.id,
  });
  const login = await fetch(`${gateway}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  return { tenant, client, key, token };
}

/** Waits until the call with this request id is in the log, and answers it. */
async function loggedCall(
  requestId: string,
  token: string,
  prefix = '/api/admin/api-console',
): Promise<Logged> {
  return waitFor(
    async () => {
      const res = await get(`${prefix}/request-logs/${requestId}`, token);
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: Logged }).data;
    },
    { timeoutMs: 10_000, intervalMs: 100 },
  );
}

describe('the request log of partner calls', () => {
  it("when a partner calls, then the call is in its tenant's log with its request id within seconds, and a failed call with the envelope it answered", async () => {
    const a = await tenantWithStaff('Log agency');
    const ok = await fetch(`${gateway}/api/v1/me?secret=never-logged`, {
      headers: { authorization: `Bearer ${a.key.secret}`, 'x-request-id': `req-log-ok-${Date.now()}` },
    });
    expect(ok.status).toBe(200);
    const okId = ok.headers.get('x-request-id') as string;
    const failed = await fetch(`${gateway}/api/v1/bookings`, {
      headers: { authorization: `Bearer ${a.key.secret}`, 'idempotency-key': 'idem-log-0001' },
    });
    expect(failed.status).toBe(403);
    const envelope = await failed.json();
    const failedId = failed.headers.get('x-request-id') as string;

    expect(await loggedCall(okId, a.token)).toMatchObject({
      requestId: okId,
      keyId: a.key.id,
      tenantId: a.tenant.id,
      environment: 'live',
      method: 'GET',
      route: '/api/v1/me',
      path: '/api/v1/me',
      status: 200,
      idempotencyKey: null,
      error: null,
    });
    const refused = await loggedCall(failedId, a.token);
    expect(refused).toMatchObject({
      status: 403,
      route: '/api/v1/bookings',
      idempotencyKey: 'idem-log-0001',
    });
    expect(refused.error).toEqual(envelope);
    expect(refused.clientAddress).not.toBe('');
  });

  it('when the list is filtered, then it answers the matching calls newest first, page by page', async () => {
    const a = await tenantWithStaff('Filter agency');
    const ids: string[] = [];
    for (const path of ['/api/v1/me', '/api/v1/bookings', '/api/v1/me']) {
      const res = await fetch(`${gateway}${path}`, { headers: { authorization: `Bearer ${a.key.secret}` } });
      ids.push(res.headers.get('x-request-id') as string);
    }
    await loggedCall(ids[2] as string, a.token);
    await loggedCall(ids[1] as string, a.token);
    const list = async (query: string) => {
      const res = await get(`/api/admin/api-console/request-logs?${query}`, a.token);
      expect(res.status).toBe(200);
      return (await res.json()) as Page;
    };
    expect((await list('')).data.map((call) => call.requestId)).toEqual([ids[2], ids[1], ids[0]]);
    expect((await list('statusClass=4xx')).data.map((call) => call.requestId)).toEqual([ids[1]]);
    expect((await list('statusClass=2xx&route=/api/v1/me&method=GET')).data).toHaveLength(2);
    expect((await list(`keyId=${a.key.id}&environment=live`)).data).toHaveLength(3);
    expect((await list('environment=test')).data).toHaveLength(0);
    expect((await list(`to=${new Date(Date.now() - 3_600_000).toISOString()}`)).data).toHaveLength(0);
    const first = await list('limit=2');
    expect(first.hasMore).toBe(true);
    const second = await list(`limit=2&cursor=${first.nextCursor}`);
    expect([...first.data, ...second.data].map((call) => call.requestId)).toEqual([ids[2], ids[1], ids[0]]);
    expect((await get('/api/admin/api-console/request-logs?cursor=bogus', a.token)).status).toBe(400);
    expect((await get('/api/admin/api-console/request-logs?statusClass=6xx', a.token)).status).toBe(400);
  });

  it("when another tenant's staff look, then they never see the calls: not in their list, 404 by request id, 403 on the platform's routes", async () => {
    const a = await tenantWithStaff('Owner agency');
    const b = await tenantWithStaff('Other agency');
    const res = await fetch(`${gateway}/api/v1/me`, { headers: { authorization: `Bearer ${a.key.secret}` } });
    const id = res.headers.get('x-request-id') as string;
    await loggedCall(id, a.token);

    expect((await get(`/api/admin/api-console/request-logs/${id}`, b.token)).status).toBe(404);
    const listed = (await (await get('/api/admin/api-console/request-logs', b.token)).json()) as Page;
    expect(listed.data.map((call) => call.requestId)).not.toContain(id);
    expect((await get('/api/admin/api-access/request-logs', b.token)).status).toBe(403);
    expect((await get(`/api/admin/api-access/request-logs/${id}`, b.token)).status).toBe(403);
    // A tenant's list takes no tenantId: its own tenant is the only one.
    expect((await get(`/api/admin/api-console/request-logs?tenantId=${a.tenant.id}`, b.token)).status).toBe(
      400,
    );
    // Platform staff use the API-access console, not the tenant's.
    expect((await get('/api/admin/api-console/request-logs', admin.token)).status).toBe(403);

    expect((await loggedCall(id, admin.token, '/api/admin/api-access')).tenantId).toBe(a.tenant.id);
    const platform = (await (
      await get(`/api/admin/api-access/request-logs?tenantId=${a.tenant.id}`, admin.token)
    ).json()) as Page;
    expect(platform.data.map((call) => call.requestId)).toEqual([id]);
    expect((await get('/api/admin/api-access/request-logs?tenantId=ten_missing', admin.token)).status).toBe(
      404,
    );
  });
});
