import { wireCallers } from '@travel/testkit';
import { caller, failureOf, type SupplyClient, startSupply } from './supply.fixture';

let supply: Awaited<ReturnType<typeof startSupply>>;
let client: SupplyClient;
beforeAll(async () => {
  supply = await startSupply();
  client = supply.client;
});
afterAll(() => supply.stop());

const unique = () => `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;

describe('supply service', () => {
  it('when started, then grpc.health.v1 reports it and mongodb SERVING', async () => {
    for (const name of ['', 'mongodb']) expect(await supply.service.health(name)).toBe('SERVING');
  });
});

describe('suppliers', () => {
  it('when a supplier is made, read, changed and deleted, then GetSupplier follows; afterwards it is not_found', async () => {
    const made = await client.createSupplier({
      caller,
      name: `IndiGo ${unique()}`,
      services: ['flight'],
      contactEmail: 'desk@indigo.example',
    });
    const id = made.supplier?.id ?? '';
    expect(made.supplier).toMatchObject({ status: 'active', services: ['flight'] });
    expect((await client.getSupplier({ id })).supplier?.name).toBe(made.supplier?.name);
    const changed = await client.updateSupplier({
      caller,
      id,
      status: 'inactive',
      setServices: true,
      services: ['flight', 'hotel'],
      clearContactEmail: true,
    });
    expect(changed.supplier).toMatchObject({ status: 'inactive', services: ['flight', 'hotel'] });
    expect(changed.supplier?.contactEmail).toBeUndefined();
    expect((await client.getSupplier({ id })).supplier?.status).toBe('inactive');
    await client.deleteSupplier({ caller, id });
    expect((await failureOf(client.getSupplier({ id }))).code).toBe('not_found');
    expect((await failureOf(client.deleteSupplier({ caller, id }))).code).toBe('not_found');
    expect(
      (
        await failureOf(
          client.updateSupplier({
            caller,
            id,
            setServices: false,
            services: [],
            clearContactEmail: false,
            clearContactPhone: false,
          }),
        )
      ).code,
    ).toBe('not_found');
  });

  it('when two suppliers get one name in any case at once, then one is made and the other is 409', async () => {
    const name = `Vistara ${unique()}`;
    const outcomes = await Promise.all(
      [name, name.toUpperCase(), `  ${name.toLowerCase()} `].map((n) =>
        failureOf(client.createSupplier({ caller, name: n, services: [] })),
      ),
    );
    expect(outcomes.map((o) => o.code).sort()).toEqual(['conflict', 'conflict', 'ok']);
    const other = await client.createSupplier({ caller, name: `Other ${unique()}`, services: [] });
    const rename = client.updateSupplier({
      caller,
      id: other.supplier?.id ?? '',
      name: name.toUpperCase(),
      setServices: false,
      services: [],
      clearContactEmail: false,
      clearContactPhone: false,
    });
    expect((await failureOf(rename)).code).toBe('conflict');
  });

  it('when fields are wrong, then 400 names each one and nothing is stored', async () => {
    const before = (await client.listSuppliers({ caller, limit: 100 })).suppliers.length;
    const bad = client.createSupplier({
      caller,
      name: '',
      services: ['train', 'flight', 'flight'],
      contactEmail: 'not-mail',
      contactPhone: 'call me',
      status: 'sleeping',
    });
    expect(await failureOf(bad)).toEqual({
      code: 'bad_request',
      paths: ['name', 'services.0', 'services', 'contactEmail', 'contactPhone', 'status'],
    });
    expect((await client.listSuppliers({ caller, limit: 100 })).suppliers).toHaveLength(before);
  });

  it('when suppliers are paged, then newest first without repeats, and by status', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.unshift(
        (
          await client.createSupplier({
            caller,
            name: `Paged ${unique()}`,
            services: [],
            status: 'inactive',
          })
        ).supplier?.id ?? '',
      );
    const first = await client.listSuppliers({ caller, limit: 2, status: 'inactive' });
    const second = await client.listSuppliers({
      caller,
      limit: 2,
      status: 'inactive',
      cursor: first.nextCursor,
    });
    expect([...first.suppliers, ...second.suppliers].map((s) => s.id).slice(0, 3)).toEqual(ids);
    expect((await failureOf(client.listSuppliers({ caller, limit: 2, cursor: 'x' }))).paths).toEqual([
      'cursor',
    ]);
  });
});

describe('vendors', () => {
  it('when tenants keep vendors, then each sees only its own; another owner’s vendor is not_found; names are unique per owner', async () => {
    const a = `ten_a${unique()}`;
    const b = `ten_b${unique()}`;
    const made = await client.createVendor({
      caller,
      tenantId: a,
      name: 'Goa Cabs',
      category: 'transport',
      city: 'Panaji',
    });
    const id = made.vendor?.id ?? '';
    expect(made.vendor).toMatchObject({ tenantId: a, name: 'Goa Cabs', city: 'Panaji' });
    await client.createVendor({ caller, tenantId: b, name: 'Goa Cabs', category: 'transport' }); // other owner: fine
    const again = client.createVendor({ caller, tenantId: a, name: 'GOA  cabs', category: 'other' });
    expect((await failureOf(again)).code).toBe('conflict');

    expect(
      (await client.listVendors({ caller, tenantId: a, allOwners: false, limit: 10 })).vendors.map(
        (v) => v.id,
      ),
    ).toEqual([id]);
    const fromB = { caller, tenantId: b, anyOwner: false, id, clear: [] };
    expect((await failureOf(client.updateVendor({ ...fromB, city: 'Margao' }))).code).toBe('not_found');
    expect((await failureOf(client.deleteVendor(fromB))).code).toBe('not_found');

    const updated = await client.updateVendor({
      caller,
      tenantId: a,
      anyOwner: false,
      id,
      phone: '+91 98200 12345',
      clear: ['city'],
    });
    expect(updated.vendor).toMatchObject({ phone: '+91 98200 12345' });
    expect(updated.vendor?.city).toBeUndefined();
    const both = client.updateVendor({
      caller,
      tenantId: a,
      anyOwner: false,
      id,
      city: 'X',
      clear: ['city'],
    });
    expect((await failureOf(both)).paths).toEqual(['clear.0']);
    await client.deleteVendor({ caller, anyOwner: true, id }); // the platform, on any owner
    expect((await client.listVendors({ caller, tenantId: a, allOwners: false, limit: 10 })).vendors).toEqual(
      [],
    );
  });

  it('when a vendor is invalid, then 400 names each field', async () => {
    const bad = client.createVendor({
      caller,
      name: ' ',
      category: 'spaceship',
      email: 'x@',
      phone: '12',
    });
    expect(await failureOf(bad)).toEqual({
      code: 'bad_request',
      paths: ['name', 'category', 'email', 'phone'],
    });
  });
});

describe('insurance policies', () => {
  it('when a product is made, then its premium is priced through pricing with the insurance tax and the owner’s margin', async () => {
    // ₹5,00,000 at 1.5 % = ₹7,500. Platform margin 5 %: 7,875; insurance tax 18 %: 1,417.5 → 1,418; fee 0.
    const platform = await client.createInsurancePolicy({
      caller,
      insurer: 'Tata AIG',
      name: 'Travel Guard',
      coverage: 500_000,
      premiumBps: 150,
    });
    expect(platform.policy).toMatchObject({
      premium: 7500,
      price: { baseAmount: 7875, tax: 1418, fee: 0, total: 9293, currency: 'INR' },
    });
    expect(platform.policy?.tenantId).toBeUndefined();

    const tenant = `ten_${unique()}`;
    await supply.pricing.createRule({
      caller: wireCallers.platformStaff(['pricing']),
      kind: 'margin',
      tenantId: tenant,
      service: 'insurance',
      bps: 1000,
    });
    await client.createInsurancePolicy({
      caller,
      tenantId: tenant,
      insurer: 'ICICI Lombard',
      name: 'Student',
      coverage: 500_000,
      premiumBps: 150,
    });
    const listed = await client.listInsurancePolicies({
      caller,
      tenantId: tenant,
      allOwners: false,
      limit: 10,
    });
    expect(listed.policies.map((p) => [p.name, p.price?.baseAmount, p.price?.tax, p.price?.total])).toEqual([
      ['Student', 8250, 1485, 9735],
    ]);
    const all = await client.listInsurancePolicies({ caller, allOwners: true, limit: 100 });
    expect(all.policies.map((p) => p.id)).toEqual(
      expect.arrayContaining([platform.policy?.id, listed.policies[0]?.id]),
    );
  });

  it('when a product is invalid, then 400 names each field', async () => {
    const bad = client.createInsurancePolicy({
      caller,
      insurer: '',
      name: 'x',
      coverage: 0,
      premiumBps: 20_000,
    });
    expect(await failureOf(bad)).toEqual({
      code: 'bad_request',
      paths: ['insurer', 'coverage', 'premiumBps'],
    });
  });

  it('when a premium would round to nothing, then 400 on premiumBps and no product is stored', async () => {
    const before = await client.listInsurancePolicies({ caller, allOwners: true, limit: 100 });
    const tiny = client.createInsurancePolicy({
      caller,
      insurer: 'I',
      name: 'Tiny',
      coverage: 1,
      premiumBps: 42,
    });
    expect(await failureOf(tiny)).toEqual({ code: 'bad_request', paths: ['premiumBps'] });
    const after = await client.listInsurancePolicies({ caller, allOwners: true, limit: 100 });
    expect(after.policies.map((p) => p.id)).toEqual(before.policies.map((p) => p.id));
  });
});
