import { type AdminApi, platformAdmin } from '../support/admin';
import { consoleCall } from '../support/console-calls';
import type { ApiResponse } from '../support/gateway';
import { tenantStaff } from '../support/staff';

// The consoles' directory lists at the edge, page by page (docs/decisions/http-api.md "Paged directory lists"):
// every item once, `hasMore` and `nextCursor` agree, `limit` is honoured, a bad `limit` or `cursor` is a 400
// naming it, and every answer is the documented one (consoleCall checks each against internal.yaml).

interface Listed {
  id: string | number;
}
interface Page {
  data: unknown;
  hasMore: boolean;
  nextCursor: string | null;
}

/**
 * Every item of a list read `limit` at a time through the gateway, checking the list envelope of each page.
 * Each test stores more items of its own than one page holds, so every walk follows at least one cursor.
 */
async function walk(token: string, path: string, limit: number, itemsOf: (data: unknown) => Listed[]) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 1; pages <= 500; pages++) {
    const query: string = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await consoleCall(token, 'GET', `${path}${query}`);
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    const page = res.body as Page;
    const items = itemsOf(page.data);
    expect(page.hasMore).toBe(page.nextCursor !== null);
    expect(items.length).toBeLessThanOrEqual(limit);
    if (page.hasMore) expect(items.length).toBe(limit);
    ids.push(...items.map((item) => String(item.id)));
    if (!page.nextCursor) {
      expect({ path, pages: pages > 1 }).toEqual({ path, pages: true });
      return ids;
    }
    cursor = page.nextCursor;
  }
  throw new Error(`${path}: more than 500 pages of ${limit}`);
}

const detailPaths = (res: ApiResponse) =>
  (res.body as { error: { details: { path: string }[] | null } }).error.details?.map((d) => d.path) ?? [];

/** A bad limit (three ways) and a cursor the list never issued: each 400 bad_request naming its field. */
async function expectBadPagesRefused(token: string, path: string) {
  for (const [query, field] of [
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
  ]) {
    const res = await consoleCall(token, 'GET', `${path}?${query}`);
    expect({ path, query, status: res.status, paths: detailPaths(res) }).toEqual({
      path,
      query,
      status: 400,
      paths: [field],
    });
  }
}

const asList = (data: unknown) => data as Listed[];
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let admin: AdminApi;
beforeAll(async () => {
  admin = await platformAdmin();
});

describe('directory lists at the edge, page by page', () => {
  it('when the tenant directory and the tenant picker are walked, then every tenant comes once, new ones included', async () => {
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await admin.createTenant(`Pages ${tag()}`));
    for (const path of ['/api/admin/tenant-directory', '/api/admin/tenant/list']) {
      const ids = await walk(admin.token, path, 2, asList);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expect.arrayContaining(made.map((tenant) => tenant.id)));
      // No limit: the largest page, as the console's picker reads it (other suites may add tenants meanwhile).
      const first = asList(((await consoleCall(admin.token, 'GET', path)).body as Page).data);
      expect(first.length).toBeGreaterThanOrEqual(Math.min(100, ids.length));
      expect(first.length).toBeLessThanOrEqual(100);
      await expectBadPagesRefused(admin.token, path);
    }
  });

  it('when the staff users and the roles are walked, then each comes once; a tenant walks its own', async () => {
    const staff = await tenantStaff(admin, ['api-console']);
    const role = await admin.request<Listed>('POST', '/api/admin/roles', {
      name: `Pages ${tag()}`,
      permissions: [],
      tenantId: staff.tenant.id,
    });
    await admin.request('POST', '/api/admin/users', {
      email: `pages-${tag()}@agency.example`,
      name: 'Second desk',
      password: 'tenant-pass-2026',
      roleId: role.id,
      tenantId: staff.tenant.id,
    });
    const users = await walk(admin.token, '/api/admin/users', 2, asList);
    const roles = await walk(admin.token, '/api/admin/roles', 2, asList);
    for (const ids of [users, roles]) expect(new Set(ids).size).toBe(ids.length);
    const own = {
      users: await walk(staff.token, '/api/admin/users', 1, asList),
      roles: await walk(staff.token, '/api/admin/roles', 1, asList),
    };
    expect(own.users).toHaveLength(2);
    expect(own.roles).toHaveLength(2);
    expect(own.roles).toContain(role.id);
    expect(users).toEqual(expect.arrayContaining(own.users));
    expect(roles).toEqual(expect.arrayContaining(own.roles));
    await expectBadPagesRefused(admin.token, '/api/admin/users');
    await expectBadPagesRefused(staff.token, '/api/admin/roles');
  });

  it('when the API clients are walked on the platform console and the tenant console, then each comes once with its keys', async () => {
    const staff = await tenantStaff(admin, ['api-console']);
    const second = await admin.createClient(`Pages second ${tag()}`, staff.tenant.id);
    const unlinked = await admin.createClient(`Pages unlinked ${tag()}`, null);
    const clientsOf = (data: unknown) => (data as { clients: Listed[] }).clients;
    const platform = await walk(admin.token, '/api/admin/api-access', 2, clientsOf);
    expect(new Set(platform).size).toBe(platform.length);
    const mine = [staff.client.id, second.id, unlinked.id].map(String);
    expect(platform).toEqual(expect.arrayContaining(mine));
    const own = await walk(staff.token, '/api/admin/api-console', 1, clientsOf);
    expect(own).toEqual(mine.slice(0, 2));
    await expectBadPagesRefused(admin.token, '/api/admin/api-access');
    await expectBadPagesRefused(staff.token, '/api/admin/api-console');
  });

  it('when the pricing rules and the payment gateways are walked, then each comes once, new ones included', async () => {
    const { tenant } = await tenantStaff(admin, []);
    const rules = [];
    for (const service of [undefined, 'hotel'])
      rules.push(
        await admin.request<Listed>('POST', '/api/pricing/rules', {
          kind: 'margin',
          tenantId: tenant.id,
          service,
          bps: 600,
        }),
      );
    const gateways = [];
    for (let i = 0; i < 2; i++)
      gateways.push(
        await admin.request<Listed>('POST', '/api/admin/payment-gateways', {
          provider: 'simulated',
          displayName: `Pages ${tag()}`,
          credentials: {},
        }),
      );
    try {
      const ruleIds = await walk(
        admin.token,
        '/api/pricing/rules',
        1,
        (data) => (data as { rules: Listed[] }).rules,
      );
      expect(new Set(ruleIds).size).toBe(ruleIds.length);
      expect(ruleIds).toEqual(expect.arrayContaining(rules.map((rule) => rule.id)));
      const gatewayIds = await walk(admin.token, '/api/admin/payment-gateways', 1, asList);
      expect(new Set(gatewayIds).size).toBe(gatewayIds.length);
      expect(gatewayIds).toEqual(expect.arrayContaining(gateways.map((gateway) => gateway.id)));
      await expectBadPagesRefused(admin.token, '/api/pricing/rules');
      await expectBadPagesRefused(admin.token, '/api/admin/payment-gateways');
    } finally {
      for (const rule of rules) await admin.request('DELETE', `/api/pricing/rules/${rule.id}`);
      for (const gateway of gateways)
        await admin.request('DELETE', `/api/admin/payment-gateways/${gateway.id}`);
    }
  });
});
