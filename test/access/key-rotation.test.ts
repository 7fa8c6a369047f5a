import { bearer, newPartner, platformAdmin } from '../support/admin';
import { call, expectDocumented } from '../support/gateway';

const me = (secret: string) => call('GET', '/api/v1/me', { headers: bearer(secret) });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('key rotation', () => {
  it('when a key is rotated with a grace period, then the old key works until it ends and the new one at once', async () => {
    const admin = await platformAdmin();
    const { key } = await newPartner(admin);
    expect((await me(key.secret)).status).toBe(200);

    const rotate = await call('POST', `/api/admin/api-access/keys/${key.id}/rotate`, {
      headers: { ...bearer(admin.token), 'content-type': 'application/json' },
      body: JSON.stringify({ graceSeconds: 3 }),
    });
    expect(rotate.status).toBe(201);
    await expectDocumented('POST', `/api/admin/api-access/keys/${key.id}/rotate`, rotate);
    const rotated = (rotate.body as { data: { secret: string; previous: { id: string; revokedAt: string } } })
      .data;
    expect(rotated.previous.id).toBe(key.id);

    const fresh = await me(rotated.secret);
    expect(fresh.status).toBe(200);
    await expectDocumented('GET', '/api/v1/me', fresh);
    expect((await me(key.secret)).status).toBe(200);

    await sleep(Math.max(0, Date.parse(rotated.previous.revokedAt) - Date.now()) + 200);
    const old = await me(key.secret);
    expect(old.status).toBe(401);
    expect((old.body as { error: { code: string } }).error.code).toBe('unauthorized');
    await expectDocumented('GET', '/api/v1/me', old);
    expect((await me(rotated.secret)).status).toBe(200);
  });

  it('when a key is rotated without grace, then the old key fails on the next request', async () => {
    const admin = await platformAdmin();
    const { key } = await newPartner(admin);
    expect((await me(key.secret)).status).toBe(200);
    const rotated = await admin.request<{ secret: string }>(
      'POST',
      `/api/admin/api-access/keys/${key.id}/rotate`,
      {},
    );
    // The change travels to the gateway over Kafka; a second is the promise (docs/access.md, "The access directory").
    await sleep(1000);
    expect((await me(key.secret)).status).toBe(401);
    expect((await me(rotated.secret)).status).toBe(200);
  });
});
