import { hashApiKey } from '@travel/api-keys';
import type { apiAccess } from '@travel/contracts';
import { documented, waitFor } from '@travel/testkit';
import { type ApiAccessUnderTest, PLATFORM, startApiAccess, tenantActor } from './api-access.fixture';

let identity: ApiAccessUnderTest;

beforeAll(async () => {
  identity = await startApiAccess();
});
afterAll(async () => {
  await identity.stop();
});

async function createTenant(name = 'Acme Travel') {
  const { tenant } = await identity.tenants.createTenant({ caller: PLATFORM, name });
  if (!tenant) throw new Error('no tenant answered');
  return tenant;
}

async function createClient(tenantId?: string, name = 'Booking robot') {
  const { client } = await identity.apiAccess.createClient({ caller: PLATFORM, name, tenantId });
  if (!client) throw new Error('no client answered');
  return client;
}

async function createKey(clientId: number, settings: Partial<apiAccess.CreateKeyRequest> = {}) {
  const { issued } = await identity.apiAccess.createKey({
    caller: PLATFORM,
    clientId,
    scopes: ['search:read', 'bookings:read'],
    ipAllowList: [],
    ...settings,
  });
  if (!issued?.key) throw new Error('no key answered');
  return { key: issued.key, secret: issued.secret };
}

async function keysOf(clientId: number) {
  const { clients } = await identity.apiAccess.listClients({ caller: PLATFORM });
  return clients.find((client) => client.id === clientId)?.keys ?? [];
}

const findByKey = (secret: string) => identity.apiAccess.findKeyByHash({ hash: hashApiKey(secret) });

describe('api clients', () => {
  it('when a client is created, changed and listed, then each answer shows its current name, link and status', async () => {
    const tenant = await createTenant();
    const client = await createClient(tenant.id, '  Booking robot ');
    expect(client).toEqual({
      id: expect.any(Number),
      name: 'Booking robot',
      tenantId: tenant.id,
      status: 'active',
      createdAt: expect.any(Date),
      keys: [],
    });
    const second = await createClient();
    expect(second.id).toBeGreaterThan(client.id);
    expect(second.tenantId).toBeUndefined();
    const { client: changed } = await identity.apiAccess.updateClient({
      caller: PLATFORM,
      id: client.id,
      name: 'Robot two',
      tenant: {},
      status: 'suspended',
    });
    expect(changed).toMatchObject({ id: client.id, name: 'Robot two', status: 'suspended' });
    expect(changed?.tenantId).toBeUndefined();
    const { clients } = await identity.apiAccess.listClients({ caller: PLATFORM });
    expect(clients.find((listed) => listed.id === client.id)).toEqual(changed);
    const { client: relinked } = await identity.apiAccess.updateClient({
      caller: PLATFORM,
      id: client.id,
      tenant: { tenantId: tenant.id },
    });
    expect(relinked).toMatchObject({ name: 'Robot two', tenantId: tenant.id, status: 'suspended' });
    const entries = await identity.auditOf('api_client', String(client.id));
    expect(entries.map((entry) => entry.action)).toEqual([
      'api_client.updated',
      'api_client.updated',
      'api_client.created',
    ]);
  });

  it('when a client names no existing tenant or an unknown status, then bad_request says which and nothing changes', async () => {
    const before = (await identity.apiAccess.listClients({ caller: PLATFORM })).clients;
    await expect(
      identity.apiAccess.createClient({ caller: PLATFORM, name: '', tenantId: 'ten_999999' }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: [
        { path: 'name', message: expect.any(String) },
        { path: 'tenantId', message: 'No such tenant.' },
      ],
    });
    const client = await createClient();
    await expect(
      identity.apiAccess.updateClient({ caller: PLATFORM, id: client.id, name: 'New', status: 'paused' }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: [{ path: 'status', message: expect.any(String) }],
    });
    await expect(
      identity.apiAccess.updateClient({
        caller: PLATFORM,
        id: client.id,
        tenant: { tenantId: 'ten_999999' },
      }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: [{ path: 'tenantId', message: 'No such tenant.' }],
    });
    const after = (await identity.apiAccess.listClients({ caller: PLATFORM })).clients;
    expect(after).toEqual([...before, client]);
    await expect(
      identity.apiAccess.updateClient({ caller: PLATFORM, id: 999_999, name: 'x' }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('when a client is deleted, then it disappears, its keys are revoked and unknown to the gateway lookup', async () => {
    const client = await createClient();
    const one = await createKey(client.id);
    const two = await createKey(client.id, { environment: 'test' });
    await identity.apiAccess.deleteClient({ caller: PLATFORM, id: client.id });
    const { clients } = await identity.apiAccess.listClients({ caller: PLATFORM });
    expect(clients.map((listed) => listed.id)).not.toContain(client.id);
    expect(await findByKey(one.secret)).toEqual({ found: false });
    expect(await findByKey(two.secret)).toEqual({ found: false });
    await expect(identity.apiAccess.deleteClient({ caller: PLATFORM, id: client.id })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(createKey(client.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(identity.apiAccess.revokeKey({ caller: PLATFORM, id: one.key.id })).rejects.toMatchObject({
      code: 'not_found',
    });
    const [deleted] = await identity.auditOf('api_client', String(client.id));
    expect(deleted?.action).toBe('api_client.deleted');
    expect(JSON.parse(deleted?.detailsJson ?? '').revokedKeys).toEqual([one.key.id, two.key.id]);
    await waitFor(() =>
      expect(identity.changesHeard('api_client', String(client.id)).length).toBeGreaterThan(0),
    );
  });
});

describe('api keys', () => {
  it('when a key is created, then its secret is answered once and never listed, nor its hash', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'A key is `ptk_live_` or `ptk_test_` followed by 32 base62 characters; it is shown once, when it is issued or rotated, and we keep only its SHA-256 hash.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'The value is shown once, when the administrator issues it or rotates it; we store only its SHA-256 hash and cannot show it again.',
    );
    const client = await createClient();
    const expiresAt = new Date(identity.now().getTime() + 86_400_000);
    const { key, secret } = await createKey(client.id, {
      name: 'Robot key',
      scopes: ['bookings:write', 'bookings:read', 'bookings:write'],
      ipAllowList: [' 10.0.0.0/8 ', '2001:db8::1'],
      expiresAt,
      rateLimit: { limit: 50, windowSeconds: 60 },
    });
    expect(secret).toMatch(/^ptk_live_[0-9A-Za-z]{32}$/);
    expect(key).toEqual({
      id: expect.stringMatching(/^key_\d+$/),
      clientId: client.id,
      name: 'Robot key',
      prefix: secret.slice(0, 13),
      scopes: ['bookings:write', 'bookings:read'],
      environment: 'live',
      ipAllowList: ['10.0.0.0/8', '2001:db8::1'],
      expiresAt,
      status: 'active',
      rateLimit: { limit: 50, windowSeconds: 60 },
      spendingLimits: {},
      createdAt: expect.any(Date),
    });
    const listed = await identity.apiAccess.listClients({ caller: PLATFORM });
    expect(listed.clients.find((listedClient) => listedClient.id === client.id)?.keys).toEqual([key]);
    const everything = JSON.stringify([listed, await identity.auditOf('api_key', key.id)]);
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(hashApiKey(secret));
    expect(everything).not.toContain(secret.slice(13));
    // What the store keeps, in every collection: the key's SHA-256, never the secret.
    const db = identity.connection.db;
    if (!db) throw new Error('no database');
    const stored = await db.collection('api_keys').findOne({ _id: key.id } as object);
    expect(stored?.hash).toBe(hashApiKey(secret));
    for (const { name } of await db.listCollections().toArray()) {
      const documents = JSON.stringify(await db.collection(name).find().toArray());
      expect({ name, secret: documents.includes(secret.slice(13)) }).toEqual({ name, secret: false });
    }
  });

  it('when the gateway looks a key up by its hash, then it gets the key with its client; an unknown hash is not found', async () => {
    const tenant = await createTenant();
    const client = await createClient(tenant.id, 'Lookup robot');
    const { key, secret } = await createKey(client.id, { environment: 'test', ipAllowList: ['192.0.2.1'] });
    expect(await findByKey(secret)).toEqual({
      found: true,
      record: {
        keyId: key.id,
        clientId: client.id,
        clientName: 'Lookup robot',
        tenantId: tenant.id,
        clientStatus: 'active',
        environment: 'test',
        scopes: ['search:read', 'bookings:read'],
        ipAllowList: ['192.0.2.1'],
        spendingLimits: {},
      },
    });
    expect(secret.startsWith('ptk_test_')).toBe(true);
    expect(await identity.apiAccess.findKeyByHash({ hash: hashApiKey(`${secret}x`) })).toEqual({
      found: false,
    });
    await identity.apiAccess.updateClient({ caller: PLATFORM, id: client.id, status: 'suspended' });
    expect((await findByKey(secret)).record?.clientStatus).toBe('suspended');
  });

  it('when settings are invalid, then bad_request lists each field by path and no key is created', async () => {
    const client = await createClient();
    await expect(
      identity.apiAccess.createKey({
        caller: PLATFORM,
        clientId: client.id,
        scopes: ['search:read', 'admin:all'],
        environment: 'staging',
        ipAllowList: ['10.0.0.1', '10.0.0.300'],
        expiresAt: new Date(identity.now().getTime() - 1000),
        rateLimit: { limit: 100_001, windowSeconds: 0 },
      }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: [
        'scopes.1',
        'environment',
        'ipAllowList.1',
        'expiresAt',
        'rateLimit.limit',
        'rateLimit.windowSeconds',
      ].map((path) => ({ path, message: expect.any(String) })),
    });
    await expect(
      identity.apiAccess.createKey({ caller: PLATFORM, clientId: client.id, scopes: [], ipAllowList: [] }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: [{ path: 'scopes', message: expect.any(String) }],
    });
    expect(await keysOf(client.id)).toEqual([]);
    await expect(createKey(999_999)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('when a key is updated, then only the given settings change; a present wrapper without a value clears', async () => {
    const client = await createClient();
    const expiresAt = new Date(identity.now().getTime() + 3_600_000);
    const { key, secret } = await createKey(client.id, {
      expiresAt,
      rateLimit: { limit: 5, windowSeconds: 1 },
    });
    const { key: renamed } = await identity.apiAccess.updateKey({
      caller: PLATFORM,
      id: key.id,
      name: 'Renamed',
      scopes: { values: ['invoices:read'] },
    });
    expect(renamed).toMatchObject({
      name: 'Renamed',
      scopes: ['invoices:read'],
      expiresAt,
      rateLimit: { limit: 5 },
    });
    const { key: cleared } = await identity.apiAccess.updateKey({
      caller: PLATFORM,
      id: key.id,
      ipAllowList: { values: ['198.51.100.0/24'] },
      expiry: {},
      rateLimit: {},
    });
    expect(cleared).toEqual({
      ...renamed,
      ipAllowList: ['198.51.100.0/24'],
      expiresAt: undefined,
      rateLimit: undefined,
    });
    expect((await findByKey(secret)).record).toMatchObject({
      scopes: ['invoices:read'],
      ipAllowList: ['198.51.100.0/24'],
      expiresAt: undefined,
      rateLimit: undefined,
    });
    await expect(
      identity.apiAccess.updateKey({
        caller: PLATFORM,
        id: key.id,
        name: 'Never stored',
        scopes: { values: [] },
        ipAllowList: { values: ['nope'] },
        expiry: { expiresAt: new Date(0) },
        rateLimit: { rateLimit: { limit: 1, windowSeconds: 86_401 } },
      }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: ['scopes', 'ipAllowList.0', 'expiresAt', 'rateLimit.windowSeconds'].map((path) => ({
        path,
        message: expect.any(String),
      })),
    });
    expect(await keysOf(client.id)).toEqual([cleared]);
    await waitFor(() => expect(identity.changesHeard('api_key', key.id).length).toBeGreaterThanOrEqual(3));
  });

  it('when a key is revoked, then it stops at once, a second revocation keeps the first time, and it is final', async () => {
    const client = await createClient();
    const { key, secret } = await createKey(client.id);
    const { key: revoked } = await identity.apiAccess.revokeKey({ caller: PLATFORM, id: key.id });
    expect(revoked).toMatchObject({ id: key.id, status: 'revoked', revokedAt: expect.any(Date) });
    expect((await findByKey(secret)).record?.revokedAt).toEqual(revoked?.revokedAt);
    await waitFor(() => expect(identity.changesHeard('api_key', key.id).length).toBeGreaterThanOrEqual(2));
    identity.advanceClock(30);
    const { key: again } = await identity.apiAccess.revokeKey({ caller: PLATFORM, id: key.id });
    expect(again).toEqual(revoked);
    await expect(
      identity.apiAccess.updateKey({ caller: PLATFORM, id: key.id, name: 'Back to life' }),
    ).rejects.toMatchObject({ code: 'conflict' });
    const actions = (await identity.auditOf('api_key', key.id)).map((entry) => entry.action);
    expect(actions).toEqual(['api_key.revoked', 'api_key.created']);
  });

  it('when one key is revoked by several callers at once, then all answer the same revocation, audited once', async () => {
    const client = await createClient();
    const { key } = await createKey(client.id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => identity.apiAccess.revokeKey({ caller: PLATFORM, id: key.id })),
    );
    const times = new Set(answers.map((answer) => answer.key?.revokedAt?.getTime()));
    expect(times.size).toBe(1);
    const actions = (await identity.auditOf('api_key', key.id)).map((entry) => entry.action);
    expect(actions.filter((action) => action === 'api_key.revoked')).toHaveLength(1);
  });
});

describe('key rotation', () => {
  it('when a key is rotated with grace, then the new key works at once with the same settings and the old one until the grace ends', async () => {
    const client = await createClient();
    const expiresAt = new Date(identity.now().getTime() + 86_400_000);
    const old = await createKey(client.id, {
      name: 'Rotating',
      environment: 'test',
      scopes: ['webhooks:manage'],
      ipAllowList: ['10.1.0.0/16'],
      expiresAt,
      rateLimit: { limit: 7, windowSeconds: 70 },
    });
    const before = identity.now().getTime();
    const rotated = await identity.apiAccess.rotateKey({
      caller: PLATFORM,
      id: old.key.id,
      graceSeconds: 60,
    });
    const fresh = rotated.issued?.key;
    expect(rotated.issued?.secret).toMatch(/^ptk_test_[0-9A-Za-z]{32}$/);
    // Shown once: the rotation's answer; every later read lists the key without it.
    expect(JSON.stringify(await keysOf(client.id))).not.toContain(rotated.issued?.secret);
    expect(fresh).toMatchObject({
      id: expect.not.stringMatching(old.key.id),
      name: 'Rotating',
      environment: 'test',
      scopes: ['webhooks:manage'],
      ipAllowList: ['10.1.0.0/16'],
      expiresAt,
      rateLimit: { limit: 7, windowSeconds: 70 },
      status: 'active',
    });
    expect(rotated.previous).toMatchObject({ id: old.key.id, status: 'active', replacedBy: fresh?.id });
    const graceEnd = rotated.previous?.revokedAt?.getTime() ?? 0;
    expect(graceEnd).toBeGreaterThanOrEqual(before + 60_000);
    expect(graceEnd).toBeLessThan(identity.now().getTime() + 60_000 + 1);
    expect((await findByKey(old.secret)).record?.revokedAt?.getTime()).toBe(graceEnd);
    expect((await findByKey(rotated.issued?.secret ?? '')).record).toMatchObject({ keyId: fresh?.id });
    await waitFor(() =>
      expect(identity.changesHeard('api_key', old.key.id).length).toBeGreaterThanOrEqual(2),
    );

    identity.advanceClock(61);
    const keys = await keysOf(client.id);
    expect(keys.map((key) => [key.id, key.status])).toEqual([
      [old.key.id, 'revoked'],
      [fresh?.id, 'active'],
    ]);
    const [audited] = await identity.auditOf('api_key', old.key.id);
    expect(audited?.action).toBe('api_key.rotated');
    expect(JSON.parse(audited?.detailsJson ?? '')).toMatchObject({ replacedBy: fresh?.id, graceSeconds: 60 });
  });

  it('when a key in its grace period is revoked, then it stops now', async () => {
    const client = await createClient();
    const old = await createKey(client.id);
    await identity.apiAccess.rotateKey({ caller: PLATFORM, id: old.key.id, graceSeconds: 3600 });
    const { key } = await identity.apiAccess.revokeKey({ caller: PLATFORM, id: old.key.id });
    expect(key?.status).toBe('revoked');
    expect(key?.revokedAt?.getTime()).toBeLessThanOrEqual(identity.now().getTime());
  });

  it('when a key was rotated or revoked already, or the grace is out of range, then it is not rotated again', async () => {
    const client = await createClient();
    const old = await createKey(client.id);
    await identity.apiAccess.rotateKey({ caller: PLATFORM, id: old.key.id, graceSeconds: 0 });
    await expect(
      identity.apiAccess.rotateKey({ caller: PLATFORM, id: old.key.id, graceSeconds: 0 }),
    ).rejects.toMatchObject({ code: 'conflict' });
    const revoked = await createKey(client.id);
    await identity.apiAccess.revokeKey({ caller: PLATFORM, id: revoked.key.id });
    await expect(
      identity.apiAccess.rotateKey({ caller: PLATFORM, id: revoked.key.id, graceSeconds: 0 }),
    ).rejects.toMatchObject({ code: 'conflict' });
    const live = await createKey(client.id);
    for (const graceSeconds of [-1, 7 * 86_400 + 1]) {
      await expect(
        identity.apiAccess.rotateKey({ caller: PLATFORM, id: live.key.id, graceSeconds }),
      ).rejects.toMatchObject({
        code: 'bad_request',
        details: [{ path: 'graceSeconds', message: expect.any(String) }],
      });
    }
    expect(await keysOf(client.id)).toHaveLength(4);
  });

  it('when one key is rotated by several callers at once, then exactly one new key exists and the others are told conflict', async () => {
    const client = await createClient();
    const old = await createKey(client.id);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        identity.apiAccess.rotateKey({ caller: PLATFORM, id: old.key.id, graceSeconds: 10 }),
      ),
    );
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const lost = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(won).toHaveLength(1);
    for (const outcome of lost) expect(outcome.reason).toMatchObject({ code: 'conflict' });
    const winner = won[0]?.status === 'fulfilled' ? won[0].value : undefined;
    const keys = await keysOf(client.id);
    expect(keys.map((key) => key.id)).toEqual([old.key.id, winner?.issued?.key?.id]);
    expect(keys[0]?.replacedBy).toBe(winner?.issued?.key?.id);
    expect((await findByKey(winner?.issued?.secret ?? '')).found).toBe(true);
  });

  it('when the tenant console rotates, then only keys of its own tenant’s clients can be rotated', async () => {
    const tenantA = await createTenant('Tenant A');
    const tenantB = await createTenant('Tenant B');
    const clientA = await createClient(tenantA.id);
    const clientB = await createClient(tenantB.id);
    const keyA = await createKey(clientA.id);
    const keyB = await createKey(clientB.id);
    const adminA = tenantActor(tenantA.id);
    await expect(
      identity.apiAccess.rotateKey({
        caller: adminA,
        id: keyB.key.id,
        graceSeconds: 0,
        tenantId: tenantA.id,
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      identity.apiAccess.rotateKey({ caller: adminA, id: keyB.key.id, graceSeconds: 0 }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      identity.apiAccess.rotateKey({
        caller: PLATFORM,
        id: keyB.key.id,
        graceSeconds: 0,
        tenantId: tenantA.id,
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect(await keysOf(clientB.id)).toEqual([keyB.key]);
    const rotated = await identity.apiAccess.rotateKey({
      caller: adminA,
      id: keyA.key.id,
      graceSeconds: 0,
      tenantId: tenantA.id,
    });
    expect(rotated.previous).toMatchObject({ id: keyA.key.id, status: 'revoked' });
    const consoleView = await identity.apiAccess.listClients({ caller: adminA, tenantId: tenantA.id });
    expect(consoleView.clients.map((client) => client.id)).toEqual([clientA.id]);
    expect(consoleView.clients[0]?.keys.map((key) => key.id)).toEqual([keyA.key.id, rotated.issued?.key?.id]);
    expect((await identity.apiAccess.listClients({ caller: adminA, tenantId: tenantB.id })).clients).toEqual(
      [],
    );
    expect((await identity.apiAccess.listClients({ caller: adminA })).clients.map((c) => c.id)).toEqual([
      clientA.id,
    ]);
    const [audited] = await identity.auditOf('api_key', keyA.key.id);
    expect(audited).toMatchObject({ action: 'api_key.rotated', actorTenantId: tenantA.id });
  });

  it('when the tenant console issues, changes and revokes keys, then only for its own tenant’s clients', async () => {
    const tenantA = await createTenant('Tenant A');
    const tenantB = await createTenant('Tenant B');
    const clientA = await createClient(tenantA.id);
    const clientB = await createClient(tenantB.id);
    const keyB = await createKey(clientB.id);
    const adminA = tenantActor(tenantA.id, ['api-console']);
    const settings = { scopes: ['search:read'], ipAllowList: ['203.0.113.0/24'], environment: 'test' };
    // Without the tenant console's right, its own keys are out of reach too.
    const lacking = tenantActor(tenantA.id, ['api-access', 'audit']);
    await expect(
      identity.apiAccess.createKey({ caller: lacking, clientId: clientA.id, ...settings }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    const refused = [
      () => identity.apiAccess.createKey({ caller: adminA, clientId: clientB.id, ...settings }),
      () => identity.apiAccess.updateKey({ caller: adminA, id: keyB.key.id, name: 'mine now' }),
      () => identity.apiAccess.revokeKey({ caller: adminA, id: keyB.key.id }),
    ];
    for (const attempt of refused) await expect(attempt()).rejects.toMatchObject({ code: 'not_found' });
    expect(await keysOf(clientB.id)).toEqual([keyB.key]);
    const { issued } = await identity.apiAccess.createKey({
      caller: adminA,
      clientId: clientA.id,
      ...settings,
    });
    expect(issued?.secret).toMatch(/^ptk_test_/);
    expect(issued?.key).toMatchObject({ clientId: clientA.id, environment: 'test', scopes: ['search:read'] });
    const id = issued?.key?.id ?? '';
    const { key: renamed } = await identity.apiAccess.updateKey({ caller: adminA, id, name: 'Robot' });
    expect(renamed).toMatchObject({ id, name: 'Robot' });
    const { key: revoked } = await identity.apiAccess.revokeKey({ caller: adminA, id });
    expect(revoked).toMatchObject({ id, status: 'revoked' });
    const [audited] = await identity.auditOf('api_key', id);
    expect(audited).toMatchObject({ action: 'api_key.revoked', actorTenantId: tenantA.id });
  });

  it('when tenant staff try platform-only changes, then they are forbidden', async () => {
    const tenant = await createTenant();
    const client = await createClient(tenant.id);
    const admin = tenantActor(tenant.id);
    const attempts = [
      () => identity.apiAccess.createClient({ caller: admin, name: 'Mine' }),
      () => identity.apiAccess.updateClient({ caller: admin, id: client.id, status: 'active' }),
      () => identity.apiAccess.deleteClient({ caller: admin, id: client.id }),
      () => identity.apiAccess.updateApiSettings({ caller: admin, apiEnabled: false }),
      () => identity.apiAccess.getUsage({ caller: admin, from: '2026-01-01', to: '2026-01-01' }),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toMatchObject({ code: 'forbidden' });
    await expect(identity.apiAccess.listClients({})).rejects.toMatchObject({ code: 'forbidden' });
  });
});

describe('api settings', () => {
  it('when the platform switches are changed, then they read back, are audited and announced', async () => {
    const { settings } = await identity.apiAccess.updateApiSettings({
      caller: PLATFORM,
      apiEnabled: false,
      disabledScopes: { values: ['bookings:write', 'invoices:read', 'bookings:write'] },
    });
    expect(settings).toEqual({
      apiEnabled: false,
      disabledScopes: ['bookings:write', 'invoices:read'],
      defaultRateLimit: { limit: 100, windowSeconds: 10 },
    });
    const { settings: limited } = await identity.apiAccess.updateApiSettings({
      caller: PLATFORM,
      apiEnabled: true,
      disabledScopes: { values: [] },
      defaultRateLimit: { limit: 20, windowSeconds: 5 },
    });
    expect(limited).toEqual({
      apiEnabled: true,
      disabledScopes: [],
      defaultRateLimit: { limit: 20, windowSeconds: 5 },
    });
    expect((await identity.apiAccess.getApiSettings({})).settings).toEqual(limited);
    await waitFor(() =>
      expect(identity.changesHeard('api_settings', 'platform').length).toBeGreaterThanOrEqual(2),
    );
    const entries = await identity.auditOf('api_settings', 'platform');
    expect(entries.map((entry) => entry.action)).toEqual(['api_settings.updated', 'api_settings.updated']);
  });

  it('when a switch names an unknown scope or an out-of-range limit, then bad_request and nothing changes', async () => {
    const before = (await identity.apiAccess.getApiSettings({})).settings;
    await expect(
      identity.apiAccess.updateApiSettings({
        caller: PLATFORM,
        apiEnabled: false,
        disabledScopes: { values: ['search:read', 'everything'] },
        defaultRateLimit: { limit: 0, windowSeconds: 10 },
      }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: [
        { path: 'disabledScopes.1', message: expect.any(String) },
        { path: 'defaultRateLimit.limit', message: expect.any(String) },
      ],
    });
    expect((await identity.apiAccess.getApiSettings({})).settings).toEqual(before);
  });
});
