import { staff } from '@travel/contracts';
import { jobCaller, type ServiceClient } from '@travel/grpc';
import { metricValue } from '@travel/metrics';
import { createServiceClient, failureOf, uniqueName, walkPages } from '@travel/testkit';
import { type ApiAccessUnderTest, PLATFORM, startApiAccess, tenantActor } from './api-access.fixture';

// The directory lists (tenants, staff users, roles, API clients) page by page: limit 1 to 100 (100 when
// absent), a cursor only this list issued, and the whole reads behind a notice or a client's keys capped.

let identity: ApiAccessUnderTest;
let staffApi: ServiceClient<typeof staff.StaffServiceDefinition>;

beforeAll(async () => {
  identity = await startApiAccess({ PASSWORD_SCRYPT_LOG_N: '10' });
  staffApi = createServiceClient(staff.StaffServiceDefinition, identity.address, { deadlineMs: 30_000 });
});
afterAll(async () => {
  await identity?.stop();
});

const idsOf = (rows: { id: string | number }[]) => rows.map((row) => String(row.id));
/** Oldest first, and rows created in one millisecond by id. */
const inCreationOrder = (rows: { id: string; createdAt?: Date | undefined }[]) =>
  [...rows]
    .sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0) || (a.id < b.id ? -1 : 1))
    .map((row) => row.id);

async function newTenant(name = uniqueName('Agency')) {
  const { tenant } = await identity.tenants.createTenant({ caller: PLATFORM, name });
  if (!tenant) throw new Error('no tenant answered');
  return tenant.id;
}

async function newUser(tenantId: string, roleId: string) {
  const { user } = await staffApi.createUser({
    caller: PLATFORM,
    email: `${uniqueName('desk')}@agency.example`,
    name: 'Desk',
    password: 'desk-pass-2026',
    roleId,
    tenantId,
  });
  if (!user) throw new Error('no user answered');
  return user;
}

describe('identity directory lists, page by page', () => {
  it('when the tenants are walked two at a time, then each comes once, oldest first (one millisecond ordered by id), and only the last page has no cursor', async () => {
    // Three tenants of one millisecond, written as identity writes them; four more through the API.
    const at = identity.now();
    const tied = ['ten_tie_c', 'ten_tie_a', 'ten_tie_b'];
    await identity.connection
      .collection('tenants')
      .insertMany(
        tied.map((_id) => ({ _id, name: _id, status: 'active', createdAt: at, updatedAt: at })) as never,
      );
    for (let i = 0; i < 4; i++) await newTenant();

    const { rows, pages } = await walkPages(async (cursor) => {
      const page = await identity.tenants.listTenants({ caller: PLATFORM, limit: 2, cursor });
      return { rows: page.tenants, nextCursor: page.nextCursor };
    }, 2);
    expect(pages).toBe(4);
    expect(new Set(idsOf(rows)).size).toBe(7);
    expect(idsOf(rows)).toEqual(inCreationOrder(rows));
    expect(idsOf(rows).filter((id) => tied.includes(id))).toEqual(['ten_tie_a', 'ten_tie_b', 'ten_tie_c']);

    // No limit: the largest page, so an older caller still sees the whole directory of up to 100.
    const whole = await identity.tenants.listTenants({ caller: PLATFORM });
    expect(idsOf(whole.tenants)).toEqual(idsOf(rows));
    expect(whole.nextCursor).toBeUndefined();
    // Tenant staff: a list of their own tenant only.
    const own = rows[3]?.id ?? '';
    expect(
      idsOf((await identity.tenants.listTenants({ caller: tenantActor(own), limit: 1 })).tenants),
    ).toEqual([own]);
  });

  it('when the staff users and roles are walked, then each comes once in creation order, platform staff see all and tenant staff their own', async () => {
    const tenantId = await newTenant();
    const { role } = await staffApi.createRole({ caller: PLATFORM, name: 'Desk', rights: [], tenantId });
    const roleId = role?.id ?? '';
    const users = [];
    for (let i = 0; i < 3; i++) users.push(await newUser(tenantId, roleId));
    for (let i = 0; i < 2; i++)
      await staffApi.createRole({ caller: PLATFORM, name: `Platform ${i}`, rights: [] });

    const everyUser = await walkPages(async (cursor) => {
      const page = await staffApi.listUsers({ caller: PLATFORM, limit: 2, cursor });
      return { rows: page.users, nextCursor: page.nextCursor };
    }, 2);
    const all = (await staffApi.listUsers({ caller: PLATFORM, limit: 100 })).users;
    expect(idsOf(everyUser.rows)).toEqual(idsOf(all));
    expect(new Set(idsOf(all)).size).toBe(all.length);
    expect(idsOf(all)).toEqual(inCreationOrder(all));
    expect(idsOf(all)).toEqual(expect.arrayContaining(idsOf(users)));

    const theirs = await walkPages(async (cursor) => {
      const page = await staffApi.listUsers({ caller: tenantActor(tenantId), limit: 1, cursor });
      return { rows: page.users, nextCursor: page.nextCursor };
    }, 1);
    expect(idsOf(theirs.rows)).toEqual(idsOf(users));

    const everyRole = await walkPages(async (cursor) => {
      const page = await staffApi.listRoles({ caller: PLATFORM, limit: 1, cursor });
      return { rows: page.roles, nextCursor: page.nextCursor };
    }, 1);
    const roles = (await staffApi.listRoles({ caller: PLATFORM })).roles;
    expect(idsOf(everyRole.rows)).toEqual(idsOf(roles));
    // The built-in administrator's role (`rol_platform_admin`), the tenant's and the two platform roles.
    expect(roles.map((r) => r.id)).toEqual(expect.arrayContaining(['rol_platform_admin', roleId]));
    expect(roles).toHaveLength(4);
    expect(idsOf(roles)).toEqual(inCreationOrder(roles));
    expect(idsOf((await staffApi.listRoles({ caller: tenantActor(tenantId) })).roles)).toEqual([roleId]);
  });

  it('when the API clients are walked, then each comes once in id order with its keys; a tenant console walks its own', async () => {
    const tenantId = await newTenant();
    const made: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { client } = await identity.apiAccess.createClient({
        caller: PLATFORM,
        name: `Client ${i}`,
        tenantId: i < 3 ? tenantId : undefined,
      });
      made.push(client?.id ?? 0);
    }
    await identity.apiAccess.createKey({ caller: PLATFORM, clientId: made[0] ?? 0, scopes: ['search:read'] });

    const every = await walkPages(async (cursor) => {
      const page = await identity.apiAccess.listClients({ caller: PLATFORM, limit: 2, cursor });
      return { rows: page.clients, nextCursor: page.nextCursor };
    }, 2);
    const ids = every.rows.map((client) => client.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(made));
    expect(every.rows.find((client) => client.id === made[0])?.keys).toHaveLength(1);

    const console = await walkPages(async (cursor) => {
      const page = await identity.apiAccess.listClients({
        caller: tenantActor(tenantId),
        tenantId,
        limit: 1,
        cursor,
      });
      return { rows: page.clients, nextCursor: page.nextCursor };
    }, 1);
    expect(console.rows.map((client) => client.id)).toEqual(made.slice(0, 3));
  });

  it('when a limit or a cursor is bad, then each list answers bad_request naming each, and a cursor of another list is refused', async () => {
    const tenants = await identity.tenants.listTenants({ caller: PLATFORM, limit: 1 });
    const tenantCursor = tenants.nextCursor ?? '';
    expect(tenantCursor).not.toBe('');
    const calls = {
      tenants: (limit: number, cursor: string) =>
        identity.tenants.listTenants({ caller: PLATFORM, limit, cursor }),
      users: (limit: number, cursor: string) => staffApi.listUsers({ caller: PLATFORM, limit, cursor }),
      roles: (limit: number, cursor: string) => staffApi.listRoles({ caller: PLATFORM, limit, cursor }),
      clients: (limit: number, cursor: string) =>
        identity.apiAccess.listClients({ caller: PLATFORM, limit, cursor }),
    };
    for (const [name, list] of Object.entries(calls)) {
      expect([name, await failureOf(list(0, 'not-a-cursor'))]).toEqual([
        name,
        { code: 'bad_request', paths: ['limit', 'cursor'] },
      ]);
      expect([name, await failureOf(list(101, 'x'))]).toEqual([
        name,
        { code: 'bad_request', paths: ['limit', 'cursor'] },
      ]);
    }
    // A tenant cursor names a real position, but of another list.
    for (const list of [calls.users, calls.roles, calls.clients])
      expect(await failureOf(list(1, tenantCursor))).toEqual({ code: 'bad_request', paths: ['cursor'] });
    expect(await failureOf(calls.tenants(1, tenantCursor))).toEqual({ code: 'ok', paths: [] });
  });
});

describe('whole reads behind a page: capped, logged and counted', () => {
  it('when a client has more keys than a console is shown, then it shows the newest 100, counts the cap, and deleting the client still revokes every key', async () => {
    const { client } = await identity.apiAccess.createClient({ caller: PLATFORM, name: 'Rotated often' });
    const clientId = client?.id ?? 0;
    const keyIds: string[] = [];
    for (let i = 0; i < 101; i++) {
      const { issued } = await identity.apiAccess.createKey({
        caller: PLATFORM,
        clientId,
        scopes: ['search:read'],
      });
      keyIds.push(issued?.key?.id ?? '');
    }
    const capped = () => metricValue('capped_reads_total', { read: 'identity.client_keys' });
    const before = await capped();
    const [shown] = (await identity.apiAccess.listClients({ caller: PLATFORM, limit: 100 })).clients.filter(
      (c) => c.id === clientId,
    );
    expect(shown?.keys).toHaveLength(100);
    expect(shown?.keys.map((key) => key.id)).toEqual(keyIds.slice(1));
    expect(await capped()).toBe(before + 1);

    await identity.apiAccess.deleteClient({ caller: PLATFORM, id: clientId });
    const revoked = identity.connection.collection('api_key_revocations');
    expect(await revoked.countDocuments({ keyId: { $in: keyIds } })).toBe(101);
  });

  it('when a tenant has more active staff than one notice is sent to, then the notice goes to the oldest 100 accounts and the cap is counted', async () => {
    const tenantId = await newTenant();
    const { role } = await staffApi.createRole({ caller: PLATFORM, name: 'Crowd', rights: [], tenantId });
    const emails: string[] = [];
    for (let i = 0; i < 101; i++) emails.push((await newUser(tenantId, role?.id ?? '')).email);
    const capped = () => metricValue('capped_reads_total', { read: 'identity.tenant_staff_emails' });
    const before = await capped();
    const notice = await staffApi.listTenantStaffEmails({
      caller: jobCaller('webhook.auto-disable'),
      tenantId,
    });
    expect(notice.emails).toEqual(emails.slice(0, 100));
    expect(await capped()).toBe(before + 1);
    // The directory's own page without a limit is the largest one: 100, and a cursor to the 101st.
    const firstPage = await staffApi.listUsers({ caller: tenantActor(tenantId) });
    expect(firstPage.users.map((user) => user.email)).toEqual(emails.slice(0, 100));
    expect(firstPage.nextCursor).toBeDefined();
  });
});
