import { platformAdmin } from '../support/admin';
import { auditOf, codeOf, consoleCall, dataOf, platformStaff } from '../support/console-calls';
import type { ApiResponse } from '../support/gateway';
import { tenantStaff } from '../support/staff';

interface Supplier {
  id: string;
  name: string;
  services: string[];
  status: string;
  contactEmail: string | null;
}
interface Vendor {
  id: string;
  tenantId: string | null;
  name: string;
  city: string | null;
  email: string | null;
}
interface Price {
  baseAmount: number;
  tax: number;
  fee: number;
  total: number;
  currency: string;
}
interface Policy {
  id: string;
  tenantId: string | null;
  premium: number;
  price: Price;
}
interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}
const pageOf = <T>(res: ApiResponse) => res.body as Page<T>;
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
const pathsOf = (res: ApiResponse) =>
  (res.body as { error: { details: { path: string }[] } }).error.details.map((d) => d.path).sort();

describe('suppliers', () => {
  it('when the platform with the suppliers right keeps the directory, then any staff member reads it; changes are audited', async () => {
    const admin = await platformAdmin();
    const desk = await platformStaff(admin, ['suppliers']);
    const name = `IndiGo ${unique()}`;
    const created = await consoleCall(desk.token, 'POST', '/api/admin/suppliers', {
      name,
      services: ['flight'],
      contactEmail: 'desk@indigo.example',
    });
    expect(created.status).toBe(201);
    const supplier = dataOf<Supplier>(created);
    expect(supplier).toMatchObject({ name, services: ['flight'], status: 'active' });

    const twin = await consoleCall(desk.token, 'POST', '/api/admin/suppliers', { name: name.toUpperCase() });
    expect(codeOf(twin)).toEqual([409, 'conflict']);
    const bad = await consoleCall(desk.token, 'POST', '/api/admin/suppliers', {
      name: '',
      services: ['train'],
      contactEmail: 'nope',
    });
    expect(codeOf(bad)).toEqual([400, 'bad_request']);
    expect(pathsOf(bad)).toEqual(['contactEmail', 'name', 'services.0']);

    const reader = await tenantStaff(admin, []);
    const listed = pageOf<Supplier>(await consoleCall(reader.token, 'GET', '/api/admin/suppliers?limit=100'));
    expect(listed.data.map((s) => s.id)).toContain(supplier.id);

    const updated = await consoleCall(desk.token, 'PUT', `/api/admin/suppliers/${supplier.id}`, {
      status: 'inactive',
      services: ['flight', 'hotel'],
      contactEmail: null,
    });
    expect(dataOf<Supplier>(updated)).toMatchObject({
      status: 'inactive',
      services: ['flight', 'hotel'],
      contactEmail: null,
    });
    const inactive = pageOf<Supplier>(
      await consoleCall(reader.token, 'GET', '/api/admin/suppliers?status=inactive'),
    );
    expect(inactive.data.map((s) => s.id)).toContain(supplier.id);

    const deleted = await consoleCall(desk.token, 'DELETE', `/api/admin/suppliers/${supplier.id}`);
    expect(dataOf(deleted)).toEqual({ id: supplier.id, deleted: true });
    expect(codeOf(await consoleCall(desk.token, 'DELETE', `/api/admin/suppliers/${supplier.id}`))).toEqual([
      404,
      'not_found',
    ]);
    expect(
      codeOf(await consoleCall(desk.token, 'PUT', `/api/admin/suppliers/${supplier.id}`, { name: 'x' })),
    ).toEqual([404, 'not_found']);
    expect(await auditOf(admin, supplier.id)).toEqual([
      'supplier.deleted',
      'supplier.updated',
      'supplier.created',
    ]);
  });

  it('when staff without the right or of a tenant write suppliers, then 403; without a token 401', async () => {
    const admin = await platformAdmin();
    const supplier = dataOf<Supplier>(
      await consoleCall(admin.token, 'POST', '/api/admin/suppliers', { name: `Vistara ${unique()}` }),
    );
    const noRight = await platformStaff(admin, ['blogs']);
    const tenant = await tenantStaff(admin, ['bookings']);
    for (const token of [noRight.token, tenant.token]) {
      expect(codeOf(await consoleCall(token, 'POST', '/api/admin/suppliers', { name: 'No' }))).toEqual([
        403,
        'forbidden',
      ]);
      const put = await consoleCall(token, 'PUT', `/api/admin/suppliers/${supplier.id}`, { name: 'No' });
      expect(codeOf(put)).toEqual([403, 'forbidden']);
      expect(codeOf(await consoleCall(token, 'DELETE', `/api/admin/suppliers/${supplier.id}`))).toEqual([
        403,
        'forbidden',
      ]);
      expect((await consoleCall(token, 'GET', '/api/admin/suppliers')).status).toBe(200);
    }
    expect(codeOf(await consoleCall(null, 'GET', '/api/admin/suppliers'))).toEqual([401, 'unauthorized']);
  });
});

describe('vendors', () => {
  it('when tenant staff keep vendors, then only their tenant sees and changes them; another tenant gets 404', async () => {
    const admin = await platformAdmin();
    const owner = await tenantStaff(admin, []);
    const other = await tenantStaff(admin, ['bookings']);
    const created = await consoleCall(owner.token, 'POST', '/api/admin/vendors', {
      name: 'Goa Cabs',
      category: 'transport',
      email: 'book@goacabs.example',
      city: 'Panaji',
    });
    expect(created.status).toBe(201);
    const vendor = dataOf<Vendor>(created);
    expect(vendor).toMatchObject({ tenantId: owner.tenant.id, name: 'Goa Cabs' });
    const twin = await consoleCall(owner.token, 'POST', '/api/admin/vendors', {
      name: 'goa  CABS',
      category: 'other',
    });
    expect(codeOf(twin)).toEqual([409, 'conflict']);
    // Another tenant may use the same name, and sees none of the first tenant's vendors.
    expect(
      (
        await consoleCall(other.token, 'POST', '/api/admin/vendors', {
          name: 'Goa Cabs',
          category: 'transport',
        })
      ).status,
    ).toBe(201);
    const theirs = pageOf<Vendor>(await consoleCall(other.token, 'GET', '/api/admin/vendors'));
    expect(theirs.data.map((v) => v.tenantId)).toEqual([other.tenant.id]);
    const put = await consoleCall(other.token, 'PUT', `/api/admin/vendors/${vendor.id}`, { city: 'Margao' });
    expect(codeOf(put)).toEqual([404, 'not_found']);
    expect(codeOf(await consoleCall(other.token, 'DELETE', `/api/admin/vendors/${vendor.id}`))).toEqual([
      404,
      'not_found',
    ]);
    const peek = await consoleCall(other.token, 'GET', `/api/admin/vendors?tenantId=${owner.tenant.id}`);
    expect(codeOf(peek)).toEqual([404, 'not_found']);
    const plant = await consoleCall(other.token, 'POST', '/api/admin/vendors', {
      tenantId: owner.tenant.id,
      name: 'Planted',
      category: 'other',
    });
    expect(codeOf(plant)).toEqual([404, 'not_found']);

    const updated = await consoleCall(owner.token, 'PUT', `/api/admin/vendors/${vendor.id}`, {
      city: 'Margao',
      email: null,
    });
    expect(dataOf<Vendor>(updated)).toMatchObject({ city: 'Margao', email: null });
    const bad = await consoleCall(owner.token, 'PUT', `/api/admin/vendors/${vendor.id}`, {
      category: 'spaceship',
    });
    expect(codeOf(bad)).toEqual([400, 'bad_request']);

    // The platform reads the tenant's vendors by naming it, and every owner's without.
    const viaPlatform = pageOf<Vendor>(
      await consoleCall(admin.token, 'GET', `/api/admin/vendors?tenantId=${owner.tenant.id}`),
    );
    expect(viaPlatform.data.map((v) => v.id)).toEqual([vendor.id]);
    const everyone = pageOf<Vendor>(await consoleCall(admin.token, 'GET', '/api/admin/vendors?limit=100'));
    expect(everyone.data.map((v) => v.id)).toContain(vendor.id);

    expect(dataOf(await consoleCall(owner.token, 'DELETE', `/api/admin/vendors/${vendor.id}`))).toEqual({
      id: vendor.id,
      deleted: true,
    });
    expect(await auditOf(admin, vendor.id)).toEqual(['vendor.deleted', 'vendor.updated', 'vendor.created']);
    expect(
      codeOf(await consoleCall(null, 'POST', '/api/admin/vendors', { name: 'x', category: 'other' })),
    ).toEqual([401, 'unauthorized']);
  });
});

describe('insurance policies', () => {
  it('when a product is added, then it is priced by the pricing service like a quote of its premium, for its owner only', async () => {
    const admin = await platformAdmin();
    const owner = await tenantStaff(admin, []);
    const other = await tenantStaff(admin, []);
    const created = await consoleCall(owner.token, 'POST', '/api/admin/insurance-policies', {
      insurer: 'Tata AIG',
      name: 'Travel Guard',
      coverage: 500_000,
      premiumBps: 150,
    });
    expect(created.status).toBe(201);
    const policy = dataOf<Policy>(created);
    expect(policy).toMatchObject({ tenantId: owner.tenant.id, premium: 7500 });
    // The same premium quoted for the same tenant by the pricing routes.
    const quote = await consoleCall(
      admin.token,
      'GET',
      `/api/pricing/admin/quote?service=insurance&amount=7500&tenantId=${owner.tenant.id}`,
    );
    expect(dataOf<Price>(quote)).toEqual({ service: 'insurance', ...policy.price });
    expect(policy.price.tax).toBeGreaterThan(0);

    const mine = pageOf<Policy>(await consoleCall(owner.token, 'GET', '/api/admin/insurance-policies'));
    expect(mine.data.map((p) => [p.id, p.price.total])).toEqual([[policy.id, policy.price.total]]);
    expect(
      pageOf<Policy>(await consoleCall(other.token, 'GET', '/api/admin/insurance-policies')).data,
    ).toEqual([]);
    const peek = await consoleCall(
      other.token,
      'GET',
      `/api/admin/insurance-policies?tenantId=${owner.tenant.id}`,
    );
    expect(codeOf(peek)).toEqual([404, 'not_found']);

    // The platform's own product is priced with the platform's margin, as the storefront quote is.
    const platformOwn = dataOf<Policy>(
      await consoleCall(admin.token, 'POST', '/api/admin/insurance-policies', {
        insurer: 'ICICI Lombard',
        name: `Student ${unique()}`,
        coverage: 200_000,
        premiumBps: 200,
        description: 'Semester abroad',
      }),
    );
    expect(platformOwn.tenantId).toBeNull();
    const storefrontQuote = await consoleCall(
      null,
      'GET',
      '/api/pricing/quote?service=insurance&amount=4000',
    );
    expect(dataOf<Price>(storefrontQuote)).toEqual({ service: 'insurance', ...platformOwn.price });
    expect(await auditOf(admin, policy.id)).toEqual(['insurance_policy.created']);

    const bad = await consoleCall(owner.token, 'POST', '/api/admin/insurance-policies', {
      insurer: '',
      name: 'x',
      coverage: 0,
      premiumBps: 20_000,
    });
    expect(codeOf(bad)).toEqual([400, 'bad_request']);
    expect(pathsOf(bad)).toEqual(['coverage', 'insurer', 'premiumBps']);
    expect(codeOf(await consoleCall(null, 'GET', '/api/admin/insurance-policies'))).toEqual([
      401,
      'unauthorized',
    ]);
  });
});
