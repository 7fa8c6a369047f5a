import { type audit, caller } from '@travel/contracts';
import { uniqueName, waitFor } from '@travel/testkit';
import { ADMIN, actorOf, type IdentityUnderTest, login, startIdentity } from './staff.fixture';

let identity: IdentityUnderTest;
let platform: caller.Caller;
const roleIds: string[] = [];
let startedAt: Date;

beforeAll(async () => {
  identity = await startIdentity();
  startedAt = new Date(Date.now() - 1000);
  platform = actorOf((await login(identity, ADMIN.email, ADMIN.password)).profile, 'req_ct_audit_roles');
  // The sign-in's entry lands before the roles', so the five newest are the roles in their order.
  await waitFor(async () =>
    expect((await list(100)).entries.map((entry) => entry.action)).toContain('auth.login'),
  );
  for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) {
    const { role } = await identity.staff.createRole({ caller: platform, name, rights: ['bookings'] });
    roleIds.push(role?.id ?? '');
  }
  // Relayed from each role's insert through audit.entries (docs/decisions/audit.md).
  await waitFor(async () => {
    const { entries } = await list(100);
    expect(entries.filter((entry) => entry.action === 'role.created')).toHaveLength(roleIds.length);
  });
});
afterAll(async () => {
  await identity.stop();
});

const list = (limit: number, cursor?: string, actor = platform) =>
  identity.audit.listAuditEntries({ caller: actor, limit, ...(cursor === undefined ? {} : { cursor }) });

async function everyEntry(limit: number): Promise<audit.AuditEntry[]> {
  const entries: audit.AuditEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await list(limit, cursor);
    expect(page.entries.length).toBeLessThanOrEqual(limit);
    entries.push(...page.entries);
    cursor = page.nextCursor;
  } while (cursor);
  return entries;
}

describe('audit log', () => {
  it('when changes were made, then the newest come first with who, what, which, when, where and the request id', async () => {
    const { entries } = await list(5);
    // The five newest are the roles: in the order the log received them, which for entries one relay pass
    // publishes together is not always the order they were made (docs/decisions/audit.md); `at` says it.
    expect(entries.map((entry) => entry.targetId).sort()).toEqual([...roleIds].sort());
    const times = entries.map((entry) => entry.at?.getTime() ?? 0);
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const newest = entries.find((entry) => entry.targetId === roleIds[4]);
    expect(newest).toMatchObject({
      // Relayed entries are `aud_<entry id>`; the id is opaque (docs/decisions/audit.md).
      id: expect.stringMatching(/^aud_[A-Za-z0-9]+$/),
      actorUserId: platform.userId,
      actorEmail: ADMIN.email,
      actorTenantId: undefined,
      action: 'role.created',
      targetType: 'role',
      targetId: roleIds[4],
      ip: '203.0.113.7',
      requestId: 'req_ct_audit_roles',
    });
    expect(JSON.parse(newest?.detailsJson ?? '')).toEqual({
      name: 'Five',
      rights: ['bookings'],
      tenantId: null,
    });
    expect(newest?.at?.getTime()).toBeGreaterThanOrEqual(startedAt.getTime());
    expect(newest?.at?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('when paging with the cursor, then pages follow each other without gaps or repeats until nextCursor is absent', async () => {
    const all = (await list(100)).entries;
    // The bootstrap's administrator, a sign-in and five roles at least.
    expect(all.length).toBeGreaterThanOrEqual(7);
    expect(all).toContainEqual(
      expect.objectContaining({ action: 'staff_user.created', actorEmail: 'system' }),
    );
    const paged = await everyEntry(2);
    expect(paged.map((entry) => entry.id)).toEqual(all.map((entry) => entry.id));
    expect(new Set(paged.map((entry) => entry.id)).size).toBe(paged.length);
    // Newest first: `at` is when the log recorded the entry, so it never grows down the list.
    const times = paged.map((entry) => entry.at?.getTime() ?? 0);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('when the cursor is not one we gave out or the limit is out of range, then bad_request names it', async () => {
    for (const cursor of [
      'garbage!',
      Buffer.from('0').toString('base64url'),
      Buffer.from('12abc').toString('base64url'),
    ]) {
      await expect(list(10, cursor)).rejects.toMatchObject({
        code: 'bad_request',
        details: [expect.objectContaining({ path: 'cursor' })],
      });
    }
    for (const limit of [0, 101]) {
      await expect(list(limit)).rejects.toMatchObject({
        code: 'bad_request',
        details: [expect.objectContaining({ path: 'limit' })],
      });
    }
  });

  it('when tenant staff or staff without the right audit ask, then forbidden; without a caller, forbidden too (fail closed)', async () => {
    const tenantStaff = {
      ...platform,
      kind: caller.Caller_Kind.KIND_TENANT_STAFF,
      tenantId: uniqueName('ten'),
    };
    await expect(list(10, undefined, tenantStaff)).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(list(10, undefined, { ...platform, rights: ['bookings'] })).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(identity.audit.listAuditEntries({ limit: 10 })).rejects.toMatchObject({
      code: 'forbidden',
    });
  });
});
