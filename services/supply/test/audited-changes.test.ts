import { type AuditTrail, uniqueName, watchAuditTrail } from '@travel/testkit';
import { caller, type SupplyClient, startSupply } from './supply.fixture';

// Every supply change is stored with its audit entry and relayed to `audit.entries` (docs/decisions/audit.md).
let supply: Awaited<ReturnType<typeof startSupply>>;
let client: SupplyClient;
let trail: AuditTrail;
const staff = { ...caller, email: 'buyer@example.com', ip: '198.51.100.4', requestId: 'req_ct_supply_audit' };
beforeAll(async () => {
  supply = await startSupply();
  client = supply.client;
  trail = await watchAuditTrail(supply.namespace);
});
afterAll(async () => {
  await trail.stop();
  await supply.stop();
});

describe('audited supply changes', () => {
  it('when a supplier is created, updated and deleted, then each change has its entry with who and from where', async () => {
    const name = uniqueName('Audited supplier');
    const made = (await client.createSupplier({ caller: staff, name, services: ['flight'] })).supplier;
    const id = made?.id ?? '';
    await client.updateSupplier({ caller: staff, id, contactEmail: 'desk@example.com' });
    await client.deleteSupplier({ caller: staff, id });
    const entries = await trail.of(id, 3);
    expect(entries.map((entry) => entry.action)).toEqual([
      'supplier.created',
      'supplier.updated',
      'supplier.deleted',
    ]);
    expect(entries[0]).toMatchObject({
      targetType: 'supplier',
      actorUserId: 'usr_1',
      actorEmail: 'buyer@example.com',
      ip: '198.51.100.4',
      requestId: 'req_ct_supply_audit',
      details: { name },
    });
    expect(entries[1]?.details).toMatchObject({ contactEmail: 'desk@example.com' });
    // The name is free again once the delete is answered.
    await client.createSupplier({ caller: staff, name, services: [] });
  });

  it('when a vendor is created, updated and deleted, and an insurance product created, then each has its entry', async () => {
    const tenantId = uniqueName('ten');
    const vendor = (
      await client.createVendor({ caller: staff, tenantId, name: 'Audited cabs', category: 'transport' })
    ).vendor;
    const id = vendor?.id ?? '';
    await client.updateVendor({ caller: staff, tenantId, id, city: 'Goa' });
    await client.deleteVendor({ caller: staff, tenantId, id });
    expect((await trail.of(id, 3)).map((entry) => entry.action)).toEqual([
      'vendor.created',
      'vendor.updated',
      'vendor.deleted',
    ]);
    const policy = (
      await client.createInsurancePolicy({
        caller: staff,
        insurer: 'Acme',
        name: 'Trip cover',
        coverage: 100_000,
        premiumBps: 150,
      })
    ).policy;
    const [created] = await trail.of(policy?.id ?? '');
    expect(created).toMatchObject({
      action: 'insurance_policy.created',
      details: { insurer: 'Acme', name: 'Trip cover' },
    });
  });
});
