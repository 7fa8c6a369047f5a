import type { AdminApi } from './admin-api';

/** The demo tenant's staff member, for the partner console (`/console`): what `npm start` prints. */
export const DEMO_TENANT_USER = {
  email: 'ops@demo-travel.local',
  password: 'console-demo-2026',
  name: 'Demo Operations',
};

/** The demo tenant's console role: its keys and request logs, its bookings, its invoices. */
const ROLE = { name: 'Demo console', permissions: ['api-console', 'bookings', 'billing'] };

interface Role {
  id: string;
  name: string;
  tenantId: string | null;
}

/** The demo tenant's staff member and role, made once through the admin API (found again on later starts). */
export async function ensureDemoTenantUser(
  admin: AdminApi,
  tenantId: string,
): Promise<{ email: string; password: string }> {
  const roles = await admin.everyItem<Role>('/api/admin/roles');
  const role =
    roles.find((r) => r.tenantId === tenantId && r.name === ROLE.name) ??
    (await admin.request<Role>('POST', '/api/admin/roles', { ...ROLE, tenantId }));
  const users = await admin.everyItem<{ email: string }>('/api/admin/users');
  if (!users.some((user) => user.email === DEMO_TENANT_USER.email))
    await admin.request('POST', '/api/admin/users', { ...DEMO_TENANT_USER, roleId: role.id, tenantId });
  return { email: DEMO_TENANT_USER.email, password: DEMO_TENANT_USER.password };
}

/**
 * A handful of partner calls with the demo live key, so the console's request log has something to show at once:
 * who the key is, a flight search, a booking asked for without its offer (refused `400`, its error envelope kept)
 * and a booking that does not exist (`404`). Each start adds these few calls again; none changes anything.
 */
export async function makeDemoTraffic(baseUrl: string, liveKey: string): Promise<number> {
  const headers = { authorization: `Bearer ${liveKey}`, 'content-type': 'application/json' };
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/v1/me'],
    ['POST', '/api/v1/search/flights', { from: 'DEL', to: 'BOM', departDate: nextMonth() }],
    ['POST', '/api/v1/bookings', { contact: { name: 'Asha Rao', email: 'asha@example.com' } }],
    ['GET', '/api/v1/bookings/bkg_demo_missing'],
  ];
  let failed = 0;
  for (const [method, path, body] of calls) {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers:
        method === 'POST' && path === '/api/v1/bookings'
          ? { ...headers, 'idempotency-key': crypto.randomUUID() }
          : headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await res.arrayBuffer();
    if (!res.ok) failed += 1;
  }
  return failed;
}

/** A departure day a month ahead (`YYYY-MM-DD`): always in the future, as the search asks. */
function nextMonth(): string {
  return new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
}
