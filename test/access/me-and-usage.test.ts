import { waitFor } from '@travel/testkit';
import { bearer, newPartner, platformAdmin } from '../support/admin';
import { call, expectDocumented } from '../support/gateway';

describe('GET /api/v1/me and usage', () => {
  it('when a live key calls /me, then it describes the key; test keys say test', async () => {
    const admin = await platformAdmin();
    const { client, key } = await newPartner(admin, { scopes: ['search:read', 'bookings:read'] });
    const res = await call('GET', '/api/v1/me', { headers: bearer(key.secret) });
    expect(res.status).toBe(200);
    await expectDocumented('GET', '/api/v1/me', res);
    expect(res.body).toEqual({
      data: {
        clientId: client.id,
        client: client.name,
        tenantLinked: true,
        environment: 'live',
        scopes: ['search:read', 'bookings:read'],
        spending: null,
      },
    });
    expect(res.headers.get('ratelimit-limit')).toBe('100');
    expect(res.headers.get('ratelimit-remaining')).toBe('99');

    const unlinked = await admin.createClient(`Unlinked ${Date.now()}`, null);
    const testKey = await admin.createKey(unlinked.id, { environment: 'test' });
    const test = await call('GET', '/api/v1/me', { headers: bearer(testKey.secret) });
    expect(test.body).toMatchObject({ data: { environment: 'test', tenantLinked: false } });
  });

  it('when a key makes calls, then usage counts them per day, client, key and route', async () => {
    const admin = await platformAdmin();
    const { client, key } = await newPartner(admin);
    for (let i = 0; i < 3; i++) await call('GET', '/api/v1/me', { headers: bearer(key.secret) });
    await call('GET', '/api/v1/me', { headers: bearer(key.secret) });
    const path = `/api/admin/api-access/usage?clientId=${client.id}&keyId=${key.id}`;
    const rows = await waitFor(
      async () => {
        const res = await call('GET', path, { headers: bearer(admin.token) });
        expect(res.status).toBe(200);
        const data = (res.body as { data: { rows: { requests: number; route: string }[] } }).data;
        expect(data.rows.reduce((sum, row) => sum + row.requests, 0)).toBe(4);
        await expectDocumented('GET', path, res);
        return data.rows;
      },
      { timeoutMs: 15_000, intervalMs: 300 },
    );
    expect(rows).toEqual([
      expect.objectContaining({
        clientId: client.id,
        keyId: key.id,
        route: 'GET /api/v1/me',
        requests: 4,
        clientErrors: 0,
      }),
    ]);
  });
});
