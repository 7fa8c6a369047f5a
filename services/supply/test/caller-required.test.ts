import { uniqueName, wireCallers } from '@travel/testkit';
import { caller, failureOf, startSupply } from './supply.fixture';

jest.setTimeout(60_000);

// Fail closed (issue 30): staff methods name their caller; suppliers are the platform's to change, and a
// tenant's staff reach only their own tenant's vendors and policies whatever tenant or id they name.
let supply: Awaited<ReturnType<typeof startSupply>>;

beforeAll(async () => {
  supply = await startSupply();
});
afterAll(async () => {
  await supply?.stop();
});

describe('supply callers', () => {
  it('when a staff method is called without a caller, then it is refused and nothing changes', async () => {
    const { client } = supply;
    const tenantId = uniqueName('ten');
    const { vendor } = await client.createVendor({
      caller,
      tenantId,
      name: 'Goa Cabs',
      category: 'transport',
    });
    const id = vendor?.id ?? '';
    const refused = [
      client.listSuppliers({ limit: 10 }),
      client.createSupplier({ name: uniqueName('Supplier'), services: [] }),
      client.listVendors({ tenantId, allOwners: false, limit: 10 }),
      client.createVendor({ tenantId, name: 'Other', category: 'other' }),
      client.updateVendor({ tenantId, anyOwner: false, id, name: 'Renamed', clear: [] }),
      client.deleteVendor({ tenantId, anyOwner: true, id }),
      client.listInsurancePolicies({ allOwners: true, limit: 10 }),
    ];
    for (const call of refused) expect((await failureOf(call)).code).toBe('forbidden');
    const listed = await client.listVendors({ caller, tenantId, allOwners: false, limit: 10 });
    expect(listed.vendors.map((one) => [one.id, one.name])).toEqual([[id, 'Goa Cabs']]);
  });

  it("when tenant A's staff name tenant B's vendor, then not_found and B's vendor stays as it was", async () => {
    const { client } = supply;
    const [a, b] = [uniqueName('ten'), uniqueName('ten')];
    const staffA = wireCallers.tenantStaff(a, []);
    const ofB = (await client.createVendor({ caller, tenantId: b, name: 'B Cabs', category: 'transport' }))
      .vendor;
    const id = ofB?.id ?? '';
    // By id alone (their own scope), or naming tenant B, or asking for every owner: never B's.
    const update = (extra: object) =>
      failureOf(
        client.updateVendor({ caller: staffA, anyOwner: false, id, name: 'Taken', clear: [], ...extra }),
      );
    expect((await update({})).code).toBe('not_found');
    expect((await update({ tenantId: b })).code).toBe('not_found');
    expect((await update({ anyOwner: true })).code).toBe('not_found');
    expect((await failureOf(client.deleteVendor({ caller: staffA, anyOwner: true, id }))).code).toBe(
      'not_found',
    );
    const everything = await client.listVendors({ caller: staffA, allOwners: true, limit: 100 });
    expect(everything.vendors.map((vendor) => vendor.id)).not.toContain(id);
    const ofBNow = await client.listVendors({ caller, tenantId: b, allOwners: false, limit: 10 });
    expect(ofBNow.vendors.map((vendor) => [vendor.id, vendor.name])).toEqual([[id, 'B Cabs']]);
    // Tenant staff do not change the platform's suppliers, whatever their role says.
    const staffWithRight = wireCallers.tenantStaff(a, ['suppliers']);
    expect(
      (
        await failureOf(
          client.createSupplier({ caller: staffWithRight, name: uniqueName('S'), services: [] }),
        )
      ).code,
    ).toBe('forbidden');
  });
});
