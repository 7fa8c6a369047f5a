import { waitFor } from '@travel/testkit';
import { type AdminApi, platformAdmin } from '../support/admin';
import { partnerCall } from '../support/bookings';
import { codeOf, consoleCall, dataOf } from '../support/console-calls';
import { tenantStaff } from '../support/staff';

// The tenant's API console issues, changes and revokes its own keys (docs/access.md "Request log" and the
// console's pages, issue 46): every answer is checked against the internal OpenAPI document, and another tenant's
// staff and platform staff are refused.
let admin: AdminApi;

beforeAll(async () => {
  admin = await platformAdmin();
}, 60_000);

interface Key {
  id: string;
  name: string;
  environment: string;
  scopes: string[];
  ipAllowList: string[];
  status: string;
  rateLimit: { limit: number; windowSeconds: number } | null;
}
interface Client {
  id: number;
  keys: Key[];
}

const newKey = {
  name: 'Staging robot',
  scopes: ['search:read'],
  environment: 'test',
  ipAllowList: ['127.0.0.1', '203.0.113.0/24'],
  expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  rateLimit: { limit: 50, windowSeconds: 60 },
};

describe('the API console: own keys', () => {
  it('when tenant staff issue a key, then its secret comes once, it calls the partner API, changes and stops when revoked', async () => {
    const staff = await tenantStaff(admin, ['api-console']);
    const issued = await consoleCall(
      staff.token,
      'POST',
      `/api/admin/api-console/clients/${staff.client.id}/keys`,
      newKey,
    );
    expect(issued.status).toBe(201);
    const { secret, ...key } = dataOf<Key & { secret: string }>(issued);
    expect(secret).toMatch(/^ptk_test_/);
    expect(key).toMatchObject({
      name: 'Staging robot',
      environment: 'test',
      scopes: ['search:read'],
      ipAllowList: ['127.0.0.1', '203.0.113.0/24'],
      rateLimit: { limit: 50, windowSeconds: 60 },
      status: 'active',
    });
    const listed = dataOf<{ clients: Client[] }>(
      await consoleCall(staff.token, 'GET', '/api/admin/api-console'),
    );
    const shown = listed.clients.flatMap((client) => client.keys).find((k) => k.id === key.id);
    expect(shown).toMatchObject({ name: 'Staging robot' });
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect((await partnerCall(secret, 'GET', '/api/v1/me')).status).toBe(200);

    const renamed = await consoleCall(staff.token, 'PUT', `/api/admin/api-console/keys/${key.id}`, {
      name: 'Renamed robot',
      rateLimit: null,
    });
    expect([renamed.status, dataOf<Key>(renamed).name, dataOf<Key>(renamed).rateLimit]).toEqual([
      200,
      'Renamed robot',
      null,
    ]);
    const revoked = await consoleCall(staff.token, 'POST', `/api/admin/api-console/keys/${key.id}/revoke`);
    expect([revoked.status, dataOf<Key>(revoked).status]).toEqual([200, 'revoked']);
    await waitFor(async () => expect((await partnerCall(secret, 'GET', '/api/v1/me')).status).toBe(401), {
      timeoutMs: 5000,
      intervalMs: 100,
    });
  });

  it('when a key is invalid, then 400 lists every failing field and no key is issued', async () => {
    const staff = await tenantStaff(admin, ['api-console']);
    const res = await consoleCall(
      staff.token,
      'POST',
      `/api/admin/api-console/clients/${staff.client.id}/keys`,
      {
        scopes: ['everything'],
        environment: 'staging',
        ipAllowList: ['not an address'],
      },
    );
    expect(res.status).toBe(400);
    const paths = (res.body as { error: { details: { path: string }[] } }).error.details.map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['scopes.0', 'environment', 'ipAllowList.0']));
    const listed = dataOf<{ clients: Client[] }>(
      await consoleCall(staff.token, 'GET', '/api/admin/api-console'),
    );
    expect(listed.clients.flatMap((client) => client.keys).map((k) => k.id)).toEqual([staff.key.id]);
  });

  it("when another tenant's staff name this tenant's client or key, then 404 and nothing changes; platform staff 403", async () => {
    const owner = await tenantStaff(admin, ['api-console']);
    const other = await tenantStaff(admin, ['api-console']);
    const attempts: [string, string, unknown][] = [
      ['POST', `/api/admin/api-console/clients/${owner.client.id}/keys`, newKey],
      ['PUT', `/api/admin/api-console/keys/${owner.key.id}`, { name: 'taken' }],
      ['POST', `/api/admin/api-console/keys/${owner.key.id}/revoke`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      expect(codeOf(await consoleCall(other.token, method, path, body))).toEqual([404, 'not_found']);
      expect(codeOf(await consoleCall(admin.token, method, path, body))).toEqual([403, 'forbidden']);
    }
    const listed = dataOf<{ clients: Client[] }>(
      await consoleCall(owner.token, 'GET', '/api/admin/api-console'),
    );
    const keys = listed.clients.flatMap((client) => client.keys);
    expect(keys.map((k) => [k.id, k.name, k.status])).toEqual([[owner.key.id, '', 'active']]);
    expect((await partnerCall(owner.key.secret, 'GET', '/api/v1/me')).status).toBe(200);
  });
});
