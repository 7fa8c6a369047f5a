import { DEMO_ADMIN } from '@travel/local-deploy';
import { waitFor } from '@travel/testkit';
import { bearer, platformAdmin } from '../support/admin';
import { call, expectDocumented } from '../support/gateway';
import { login, tenantStaff, tokensOf } from '../support/staff';

const json = { 'content-type': 'application/json' };
const get = (path: string, token: string) => call('GET', path, { headers: bearer(token) });

describe('staff access', () => {
  it('when a tenant administrator calls platform-only routes, then each is 403 forbidden', async () => {
    const admin = await platformAdmin();
    const staff = await tenantStaff(admin, ['api-console', 'audit', 'api-access']);
    for (const path of ['/api/admin/audit', '/api/admin/api-access', '/api/admin/tenant-directory']) {
      const res = await get(path, staff.token);
      expect({
        path,
        status: res.status,
        code: (res.body as { error: { code: string } }).error.code,
      }).toEqual({
        path,
        status: 403,
        code: 'forbidden',
      });
      await expectDocumented('GET', path, res);
    }
  });

  it('when a role lacks the right of a route, then 403; with it, the tenant sees its own clients only', async () => {
    const admin = await platformAdmin();
    const without = await tenantStaff(admin, ['bookings']);
    const refused = await get('/api/admin/api-console', without.token);
    expect(refused.status).toBe(403);
    await expectDocumented('GET', '/api/admin/api-console', refused);

    const withRight = await tenantStaff(admin, ['api-console']);
    const console = await get('/api/admin/api-console', withRight.token);
    expect(console.status).toBe(200);
    await expectDocumented('GET', '/api/admin/api-console', console);
    const data = (
      console.body as { data: { tenantId: string; clients: { id: number; keys: { id: string }[] }[] } }
    ).data;
    expect(data.tenantId).toBe(withRight.tenant.id);
    expect(data.clients.map((c) => c.id)).toEqual([withRight.client.id]);
    expect(JSON.stringify(data)).not.toContain(withRight.key.secret);

    const other = await call('POST', `/api/admin/api-console/keys/${without.key.id}/rotate`, {
      headers: { ...bearer(withRight.token), ...json },
      body: '{}',
    });
    expect(other.status).toBe(404);
    const own = await call('POST', `/api/admin/api-console/keys/${withRight.key.id}/rotate`, {
      headers: { ...bearer(withRight.token), ...json },
      body: JSON.stringify({ graceSeconds: 60 }),
    });
    expect(own.status).toBe(201);
    await expectDocumented('POST', `/api/admin/api-console/keys/${withRight.key.id}/rotate`, own);
  });

  it('when a rotated refresh token is used again, then the whole session is revoked', async () => {
    const first = tokensOf(await login(DEMO_ADMIN.email, DEMO_ADMIN.password));
    const refresh = (refreshToken: string) =>
      call('POST', '/api/admin/auth/refresh', { headers: json, body: JSON.stringify({ refreshToken }) });
    const rotated = await refresh(first.refreshToken);
    expect(rotated.status).toBe(200);
    await expectDocumented('POST', '/api/admin/auth/refresh', rotated);
    const second = tokensOf(rotated);
    expect((await get('/api/admin/auth/me', second.token)).status).toBe(200);

    const reused = await refresh(first.refreshToken);
    expect(reused.status).toBe(401);
    await expectDocumented('POST', '/api/admin/auth/refresh', reused);
    expect((await refresh(second.refreshToken)).status).toBe(401);
    const me = await get('/api/admin/auth/me', second.token);
    expect(me.status).toBe(401);
    await expectDocumented('GET', '/api/admin/auth/me', me);
  });

  it('when staff sign in and change things, then the audit log shows who, what and when, newest first', async () => {
    const failed = await login(DEMO_ADMIN.email, 'wrong-password-1');
    expect(failed.status).toBe(401);
    const admin = await platformAdmin();
    const tenant = await admin.createTenant(`Audited agency ${Date.now()}`);
    // The tenant's entry is relayed through audit.entries (docs/decisions/audit.md): read once it is there.
    const res = await waitFor(
      async () => {
        const read = await get('/api/admin/audit?limit=20', admin.token);
        const listed = (read.body as { data?: { action: string; target: { id: string } }[] }).data ?? [];
        expect(listed.some((e) => e.action === 'tenant.created' && e.target.id === tenant.id)).toBe(true);
        return read;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    expect(res.status).toBe(200);
    await expectDocumented('GET', '/api/admin/audit', res);
    const entries = (
      res.body as { data: { at: string; action: string; actor: { email: string }; target: { id: string } }[] }
    ).data;
    const times = entries.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const created = entries.find((e) => e.action === 'tenant.created' && e.target.id === tenant.id);
    expect(created?.actor.email).toBe(DEMO_ADMIN.email);
    expect(entries.some((e) => e.action === 'auth.login' && e.actor.email === DEMO_ADMIN.email)).toBe(true);
    expect(entries.some((e) => e.action === 'auth.login_failed' && e.actor.email === DEMO_ADMIN.email)).toBe(
      true,
    );
  });
});
