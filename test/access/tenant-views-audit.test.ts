import { type AdminApi, newPartner, platformAdmin } from '../support/admin';
import { consoleCall, dataOf, platformStaff } from '../support/console-calls';
import { tenantStaff } from '../support/staff';

// Platform staff open any tenant in the partner console, and every such view is audited (issue 46): a platform
// member's read of one tenant's records is one `tenant.viewed` entry per member, tenant and window
// (TENANT_VIEW_AUDIT_WINDOW_SECONDS, 15 minutes here), written before the read is answered.
let admin: AdminApi;

beforeAll(async () => {
  admin = await platformAdmin();
}, 60_000);

interface AuditEntry {
  at: string;
  action: string;
  actor: { userId: string | null; email: string; tenantId: string | null };
  target: { type: string; id: string };
  details: Record<string, unknown>;
}

/** Every `tenant.viewed` entry recorded since `since`, newest first, read through the platform's audit route. */
async function tenantViewsSince(since: number): Promise<AuditEntry[]> {
  const found: AuditEntry[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page += 1) {
    const path = `/api/admin/audit?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await consoleCall(admin.token, 'GET', path);
    expect(res.status).toBe(200);
    const entries = dataOf<AuditEntry[]>(res);
    found.push(...entries.filter((entry) => entry.action === 'tenant.viewed'));
    cursor = (res.body as { nextCursor: string | null }).nextCursor;
    const oldest = entries.at(-1);
    if (!cursor || !oldest || Date.parse(oldest.at) < since) break;
  }
  return found.filter((entry) => Date.parse(entry.at) >= since);
}

const ok = async (token: string, path: string) => {
  const res = await consoleCall(token, 'GET', path);
  expect([path, res.status]).toEqual([path, 200]);
};

describe("platform staff's views of a tenant", () => {
  it("when a platform member reads a tenant's request log and bookings several times, then exactly one tenant.viewed entry names them, the tenant and the first route", async () => {
    const since = Date.now() - 1000;
    const support = await platformStaff(admin, ['api-access', 'bookings']);
    const { tenant } = await newPartner(admin);
    const other = await newPartner(admin);
    const logs = `/api/admin/api-access/request-logs?tenantId=${tenant.id}`;
    await ok(support.token, logs);
    await Promise.all([
      ok(support.token, logs),
      ok(support.token, `/api/admin/bookings?tenantId=${tenant.id}`),
      ok(support.token, `/api/admin/bookings?tenantId=${tenant.id}&limit=5`),
    ]);
    await ok(support.token, `/api/admin/bookings?tenantId=${other.tenant.id}`);
    // Every tenant's records (no tenantId) are not a view of one tenant.
    await ok(support.token, '/api/admin/bookings');

    const views = (await tenantViewsSince(since)).filter((entry) => entry.actor.email === support.email);
    expect(views.filter((entry) => entry.target.id === tenant.id)).toEqual([
      {
        at: expect.any(String),
        action: 'tenant.viewed',
        actor: { userId: expect.stringMatching(/^usr_/), email: support.email, tenantId: null },
        target: { type: 'tenant', id: tenant.id },
        details: { route: 'GET /api/admin/api-access/request-logs' },
        id: expect.stringMatching(/^aud_/),
        ip: expect.any(String),
        requestId: expect.any(String),
      },
    ]);
    expect(views.map((entry) => entry.target.id).sort()).toEqual([tenant.id, other.tenant.id].sort());
  });

  it('when tenant staff read their own tenant’s request log and bookings, then no tenant.viewed entry is recorded', async () => {
    const since = Date.now() - 1000;
    const staff = await tenantStaff(admin, ['api-console', 'bookings']);
    await ok(staff.token, '/api/admin/api-console/request-logs');
    await ok(staff.token, '/api/admin/bookings');
    await ok(staff.token, `/api/admin/bookings?tenantId=${staff.tenant.id}`);

    const views = await tenantViewsSince(since);
    expect(
      views.filter((entry) => entry.target.id === staff.tenant.id || entry.actor.email === staff.email),
    ).toEqual([]);
  });
});
