import { waitFor } from '@travel/testkit';
import { type ApiAccessUnderTest, PLATFORM, startApiAccess, tenantActor } from './api-access.fixture';

let identity: ApiAccessUnderTest;

beforeAll(async () => {
  identity = await startApiAccess();
});
afterAll(async () => {
  await identity.stop();
});

async function createTenant(name: string, contactEmail?: string) {
  const { tenant } = await identity.tenants.createTenant({ caller: PLATFORM, name, contactEmail });
  if (!tenant) throw new Error('no tenant answered');
  return tenant;
}

describe('tenant directory', () => {
  it('when platform staff create a tenant, then it is active, trimmed, readable and listed in order of creation', async () => {
    const first = await createTenant('  Acme Travel  ', 'ops@acme.example');
    identity.advanceClock(1);
    const second = await createTenant('Globex');
    expect(first).toEqual({
      id: expect.stringMatching(/^ten_\d+$/),
      name: 'Acme Travel',
      status: 'active',
      contactEmail: 'ops@acme.example',
      createdAt: expect.any(Date),
      updatedAt: first.createdAt,
    });
    expect(second.contactEmail).toBeUndefined();
    expect((await identity.tenants.getTenant({ caller: PLATFORM, id: first.id })).tenant).toEqual(first);
    const { tenants } = await identity.tenants.listTenants({ caller: PLATFORM });
    const ids = tenants.map((tenant) => tenant.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const createdAts = tenants.map((tenant) => tenant.createdAt?.getTime() ?? 0);
    expect(createdAts).toEqual([...createdAts].sort((a, b) => a - b));
  });

  it('when a tenant is created or changed, then the audit log says who did what and gateways hear of it', async () => {
    const tenant = await createTenant('Initech');
    await identity.tenants.updateTenant({ caller: PLATFORM, id: tenant.id, status: 'suspended' });
    const entries = await identity.auditOf('tenant', tenant.id);
    expect(entries.map((entry) => entry.action)).toEqual(['tenant.updated', 'tenant.created']);
    expect(entries[0]).toMatchObject({
      actorUserId: PLATFORM.userId,
      ip: PLATFORM.ip,
      requestId: PLATFORM.requestId,
    });
    expect(JSON.parse(entries[0]?.detailsJson ?? '')).toEqual({ status: 'suspended' });
    await waitFor(() => expect(identity.changesHeard('tenant', tenant.id).length).toBeGreaterThanOrEqual(2));
  });

  it('when fields are invalid, then bad_request names each field and nothing is created or changed', async () => {
    const before = (await identity.tenants.listTenants({ caller: PLATFORM })).tenants.length;
    await expect(
      identity.tenants.createTenant({ caller: PLATFORM, name: '   ', contactEmail: 'not-an-email' }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: [
        { path: 'name', message: expect.any(String) },
        { path: 'contactEmail', message: expect.any(String) },
      ],
    });
    await expect(
      identity.tenants.createTenant({ caller: PLATFORM, name: 'x'.repeat(121) }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: [{ path: 'name', message: expect.any(String) }],
    });
    expect((await identity.tenants.listTenants({ caller: PLATFORM })).tenants).toHaveLength(before);
    const tenant = await createTenant('Umbrella');
    await expect(
      identity.tenants.updateTenant({ caller: PLATFORM, id: tenant.id, name: 'Renamed', status: 'closed' }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: [{ path: 'status', message: expect.any(String) }],
    });
    expect((await identity.tenants.getTenant({ caller: PLATFORM, id: tenant.id })).tenant).toEqual(tenant);
  });

  it('when a tenant is updated, then only the given fields change; an empty contact email clears it', async () => {
    const tenant = await createTenant('Hooli', 'it@hooli.example');
    identity.advanceClock(5);
    const { tenant: updated } = await identity.tenants.updateTenant({
      caller: PLATFORM,
      id: tenant.id,
      name: ' Hooli XYZ ',
      contactEmail: '',
    });
    expect(updated).toMatchObject({
      id: tenant.id,
      name: 'Hooli XYZ',
      status: 'active',
      createdAt: tenant.createdAt,
    });
    expect(updated?.contactEmail).toBeUndefined();
    expect(updated?.updatedAt?.getTime()).toBeGreaterThan(tenant.updatedAt?.getTime() ?? 0);
    await expect(identity.tenants.getTenant({ caller: PLATFORM, id: 'ten_0' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('when tenant staff ask, then they see and edit only their own tenant and may not change its status', async () => {
    const own = await createTenant('Own Travel');
    const other = await createTenant('Other Travel');
    const staff = tenantActor(own.id);
    expect((await identity.tenants.listTenants({ caller: staff })).tenants.map((t) => t.id)).toEqual([
      own.id,
    ]);
    expect((await identity.tenants.getTenant({ caller: staff, id: own.id })).tenant?.name).toBe('Own Travel');
    await expect(identity.tenants.getTenant({ caller: staff, id: other.id })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(
      identity.tenants.updateTenant({ caller: staff, id: other.id, name: 'Taken over' }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      identity.tenants.updateTenant({ caller: staff, id: own.id, status: 'suspended' }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await expect(identity.tenants.createTenant({ caller: staff, name: 'Sub-tenant' })).rejects.toMatchObject({
      code: 'forbidden',
    });
    const { tenant } = await identity.tenants.updateTenant({
      caller: staff,
      id: own.id,
      name: 'Own Travel Ltd',
    });
    expect(tenant).toMatchObject({ name: 'Own Travel Ltd', status: 'active' });
    expect((await identity.tenants.getTenant({ caller: PLATFORM, id: other.id })).tenant).toEqual(other);
  });

  it('when a call carries no caller, then it is forbidden (fail closed)', async () => {
    await expect(identity.tenants.listTenants({})).rejects.toMatchObject({ code: 'forbidden' });
  });
});
