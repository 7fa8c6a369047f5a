import { randomUUID } from 'node:crypto';
import { type AdminApi, bearer, newPartner, platformAdmin } from '../support/admin';
import { registerCustomer } from '../support/customers';
import { type ApiResponse, call } from '../support/gateway';
import { expectDocumentedAnswer } from '../support/route-table';
import { login, tokensOf } from '../support/staff';

// A request that names another record (a customer, a tenant, a supplier, a cost centre, a role) stores nothing
// when that record does not exist: the answer is the catalog's `404 not_found` or `400 bad_request`, naming the
// field, and the list the record would have joined reads the same afterwards (docs/decisions/security.md "References").

const NO_TENANT = 'ten_999999999';
const NO_CUSTOMER = 'cus_999999999';

let admin: AdminApi;
let tenantStaffToken: string;

async function send(token: string, method: string, path: string, body: unknown): Promise<ApiResponse> {
  const res = await call(method, path, {
    // A fresh Idempotency-Key (money-moving routes require one; the others ignore it).
    headers: { ...bearer(token), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  expectDocumentedAnswer(method, path, res);
  return res;
}

async function madeBy(token: string, path: string, body: unknown): Promise<string> {
  const res = await send(token, 'POST', path, body);
  if (res.status !== 201) throw new Error(`POST ${path} answered ${res.status}: ${res.text}`);
  return (res.body as { data: { id: string } }).data.id;
}

/** Where the answer names `field`: a detail's path, or (a 404 carries no details) its message. */
function namesField(res: ApiResponse, field: string): boolean {
  const error = (res.body as { error: { message: string; details: { path: string }[] | null } }).error;
  return (error.details ?? []).some((d) => d.path === field) || error.message.includes(`(${field})`);
}

interface Case {
  who: 'admin' | 'tenant';
  method: string;
  path: () => string;
  body: () => unknown;
  status: 400 | 404;
  field: string;
  /** The list that would show the stored record. */
  list: string;
}

const ids: Record<string, string> = {};

/** The platform files a record for a tenant identity does not know, with `POST path`; `list` shows its records. */
const forMissingTenant = (path: string, body: object, status: 400 | 404 = 404, list = path): Case => ({
  who: 'admin',
  method: 'POST',
  path: () => path,
  body: () => ({ ...body, tenantId: NO_TENANT }),
  status,
  field: 'tenantId',
  list,
});

const CASES: Record<string, Case> = {
  'a voucher allocated to a customer that does not exist': {
    who: 'admin',
    method: 'POST',
    path: () => `/api/admin/vouchers/${ids.voucher}/allocate`,
    body: () => ({ customerId: NO_CUSTOMER }),
    status: 404,
    field: 'customerId',
    list: '/api/admin/vouchers',
  },
  'a voucher allocated to a customer id of another form': {
    who: 'admin',
    method: 'POST',
    path: () => `/api/admin/vouchers/${ids.voucher}/allocate`,
    body: () => ({ customerId: 'someone' }),
    status: 404,
    field: 'customerId',
    list: '/api/admin/vouchers',
  },
  'a discount allocated to a tenant that does not exist': {
    ...forMissingTenant('', {}, 404, '/api/admin/discounts'),
    path: () => `/api/admin/discounts/${ids.discount}/allocate`,
  },
  'a pricing rule for a tenant that does not exist': forMissingTenant('/api/pricing/rules', {
    kind: 'margin',
    service: 'hotel',
    bps: 900,
  }),
  'a wallet top-up for a customer that does not exist': {
    who: 'admin',
    method: 'POST',
    path: () => `/api/admin/wallets/${NO_CUSTOMER}/top-ups`,
    body: () => ({ amount: 500 }),
    status: 404,
    field: 'customerId',
    list: '/api/admin/tenant-directory',
  },
  'an invoice for a tenant that does not exist': forMissingTenant('/api/admin/invoices', {}),
  'a lead for a tenant that does not exist': forMissingTenant('/api/admin/leads', {
    name: 'Asha Rao',
    email: 'asha@example.com',
  }),
  'a vendor for a tenant that does not exist': forMissingTenant('/api/admin/vendors', {
    name: 'Goa Cabs',
    category: 'transport',
  }),
  'an insurance product for a tenant that does not exist': forMissingTenant('/api/admin/insurance-policies', {
    insurer: 'Tata AIG',
    name: 'Guard',
    coverage: 500000,
    premiumBps: 150,
  }),
  'a theme for a tenant that does not exist': forMissingTenant('/api/admin/themes', {
    name: 'Sunrise',
    colors: { primary: '#e11d48', secondary: '#1e293b' },
  }),
  'a cost centre for a tenant that does not exist': forMissingTenant('/api/admin/cost-centers', {
    code: 'CC-X',
    name: 'Nowhere',
  }),
  'an API client for a tenant that does not exist': forMissingTenant(
    '/api/admin/api-access/clients',
    { name: 'Nowhere API' },
    400,
    '/api/admin/api-access',
  ),
  'a role for a tenant that does not exist': forMissingTenant(
    '/api/admin/roles',
    { name: 'Nowhere desk', permissions: ['bookings'] },
    400,
  ),
  'a user with a role that does not exist': {
    who: 'tenant',
    method: 'POST',
    path: () => '/api/admin/users',
    body: () => ({
      email: 'nobody@agency.example',
      name: 'Nobody',
      password: 'nobody-pass-2026',
      roleId: 'rol_999999',
    }),
    status: 400,
    field: 'roleId',
    list: '/api/admin/users',
  },
  'an employee whose cost centre and approver do not exist': {
    who: 'tenant',
    method: 'POST',
    path: () => '/api/admin/employees',
    body: () => ({
      name: 'Nobody',
      email: 'nobody@acme.example',
      costCenterId: 'cc_999999',
      approverId: 'apr_999999',
    }),
    status: 400,
    field: 'costCenterId',
    list: '/api/admin/employees',
  },
  'a contract with a supplier that does not exist': {
    who: 'tenant',
    method: 'POST',
    path: () => '/api/admin/contracts',
    body: () => ({
      supplierId: 'sup_999999',
      service: 'hotel',
      discountBps: 1000,
      validFrom: '2027-01-01',
      validUntil: '2027-12-31',
    }),
    status: 400,
    field: 'supplierId',
    list: '/api/admin/contracts',
  },
  'bookings assigned to a supplier that does not exist': {
    who: 'admin',
    method: 'PUT',
    path: () => '/api/admin/bookings/assign-supplier',
    body: () => ({ bookingIds: ['bkg_1'], supplierId: 'sup_999999' }),
    status: 404,
    field: 'supplierId',
    list: '/api/admin/bookings',
  },
};

beforeAll(async () => {
  admin = await platformAdmin();
  const { tenant } = await newPartner(admin);
  const role = await admin.request<{ id: string }>('POST', '/api/admin/roles', {
    name: `References ${tenant.id}`,
    permissions: ['bookings'],
    tenantId: tenant.id,
  });
  const email = `refs-${tenant.id.toLowerCase()}@agency.example`;
  await admin.request('POST', '/api/admin/users', {
    email,
    name: 'References',
    password: 'refs-pass-2026',
    roleId: role.id,
    tenantId: tenant.id,
  });
  tenantStaffToken = tokensOf(await login(email, 'refs-pass-2026')).token;
  const week = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  ids.voucher = await madeBy(admin.token, '/api/admin/vouchers', {
    code: `REFS${Date.now().toString(36).toUpperCase()}`,
    amount: 100,
    audience: 'customers',
    validUntil: week(30),
  });
  ids.discount = await madeBy(admin.token, '/api/admin/discounts', {
    name: 'References',
    amount: 100,
    audience: 'tenants',
    validUntil: week(30),
  });
});

/**
 * The whole list, page after page: the directory lists go oldest first, so a record stored by mistake would
 * join their last page. The newest-first lists end at their first page (`OLDEST_FIRST` names the others).
 */
async function everyPage(path: string, token: string): Promise<string> {
  const pages: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?limit=100&cursor=${encodeURIComponent(cursor)}` : '?limit=100';
    const res = await call('GET', `${path}${query}`, { headers: bearer(token) });
    pages.push(res.text);
    cursor = OLDEST_FIRST.has(path) ? (res.body as { nextCursor: string | null }).nextCursor : null;
  } while (cursor);
  return pages.join('\n');
}
const OLDEST_FIRST = new Set([
  '/api/admin/tenant-directory',
  '/api/admin/api-access',
  '/api/admin/roles',
  '/api/admin/users',
]);

describe('references are checked before anything is stored', () => {
  it.each(Object.entries(CASES))(
    'when %s is sent, then it is refused naming the field and nothing is stored',
    async (_what, c) => {
      const token = c.who === 'admin' ? admin.token : tenantStaffToken;
      const read = () => everyPage(c.list, token);
      const before = await read();
      const res = await send(token, c.method, c.path(), c.body());
      expect({ status: res.status, names: namesField(res, c.field) }).toEqual({
        status: c.status,
        names: true,
      });
      expect(await read()).toBe(before);
    },
  );

  it('when the customer exists, then the allocation is stored (so the refusal above can fail)', async () => {
    const customer = await registerCustomer();
    const res = await send(admin.token, 'POST', `/api/admin/vouchers/${ids.voucher}/allocate`, {
      customerId: customer.user.id,
    });
    expect(res.status).toBe(201);
  });
});
