import { randomUUID } from 'node:crypto';
import { bookAsCustomer, storefrontFlight } from '../storefront/storefront.fixture';
import { type AdminApi, bearer, newPartner, platformAdmin } from '../support/admin';
import { contact, flightOffers } from '../support/bookings';
import { type CustomerSession, registerCustomer } from '../support/customers';
import { call } from '../support/gateway';
import { gatewayRoutes, type StaffAccess } from '../support/route-table';
import { login, tokensOf } from '../support/staff';
import {
  describeStaffSecurity,
  type Principal,
  type RecordKind,
  type StaffSecurityFixture,
  uncoveredRoutes,
} from '../support/staff-security-suite';

// Why end to end and not beside partner-security in gateway/test: the tenant checks ("another tenant's record is
// 404") and the rights of routes without a declared right live in the services, so the suite needs every service
// running, which the launched platform already has (docs/decisions/security.md "The staff security suite").

let admin: AdminApi;
let fixture: StaffSecurityFixture;

/** Every right some route of the table asks for. */
const RIGHTS = [
  ...new Set(
    gatewayRoutes()
      .map((route) => (route.access as StaffAccess).right)
      .filter((right): right is string => typeof right === 'string'),
  ),
].sort();

/** A record made through the real API as `token`; answers its id. */
async function made(token: string, path: string, body: unknown): Promise<string> {
  const res = await call('POST', path, {
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`POST ${path} answered ${res.status}: ${res.text}`);
  return (res.body as { data: { id: string } }).data.id;
}

/** A staff member of the platform (`tenantId` undefined) or of a tenant whose role holds `rights`, signed in. */
async function staffWith(rights: string[], tenantId: string | undefined, name: string): Promise<Principal> {
  const tag = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const owner = tenantId === undefined ? {} : { tenantId };
  const role = await admin.request<{ id: string }>('POST', '/api/admin/roles', {
    name: `Suite ${name} ${tag}`,
    permissions: rights,
    ...owner,
  });
  const email = `suite-${tag}@staff.example`;
  await admin.request('POST', '/api/admin/users', {
    email,
    name: 'Suite staff',
    password: 'suite-pass-2026',
    roleId: role.id,
    ...owner,
  });
  return { name, token: tokensOf(await login(email, 'suite-pass-2026')).token };
}

/** An offline booking of tenant A, on an offer its own key searched. */
async function offlineBooking(owner: Principal, partnerKey: string): Promise<string> {
  const [offer] = await flightOffers(partnerKey);
  const res = await call('POST', '/api/admin/bookings', {
    headers: { ...bearer(owner.token), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ offerToken: offer?.offerToken, contact }),
  });
  if (res.status !== 201) throw new Error(`offline booking answered ${res.status}: ${res.text}`);
  return (res.body as { data: { id: string } }).data.id;
}

/** A storefront booking of customer A. */
async function storefrontBooking(customer: CustomerSession): Promise<string> {
  const res = await bookAsCustomer(customer, await storefrontFlight(true));
  if (res.status !== 201) throw new Error(`storefront booking answered ${res.status}: ${res.text}`);
  return (res.body as { data: { id: string } }).data.id;
}

/** Tenant A's records, one of each kind a tenant-owned route names, made by tenant A's staff. */
async function recordsOf(owner: Principal, partnerKey: string, customer: CustomerSession) {
  const t = owner.token;
  const tag = Date.now().toString(36);
  const supplier = await made(admin.token, '/api/admin/suppliers', {
    name: `Suite hotels ${tag}`,
    services: ['hotel'],
  });
  const costCenter = await made(t, '/api/admin/cost-centers', { code: `CC-${tag}`, name: 'Sales' });
  const approver = await made(t, '/api/admin/approvers', {
    name: 'Meera Rao',
    email: `m-${tag}@acme.example`,
  });
  const policy = await made(t, '/api/admin/policies', {
    name: `Standard ${tag}`,
    flight: { maxAmount: 40_000, approvalThreshold: 15_000, allowedCabins: ['economy'] },
    hotel: { maxAmount: 12_000, approvalThreshold: 8_000 },
    car: { maxAmount: 5_000, approvalThreshold: 3_000 },
  });
  const role = await made(t, '/api/admin/roles', { name: `Desk ${tag}`, permissions: ['bookings'] });
  const records: Record<RecordKind, string> = {
    role,
    user: await made(t, '/api/admin/users', {
      email: `desk-${tag}@agency.example`,
      name: 'Desk',
      password: 'desk-pass-2026',
      roleId: role,
    }),
    apiKey: '',
    apiClient: '',
    webhookEndpoint: '',
    vendor: await made(t, '/api/admin/vendors', { name: `Goa Cabs ${tag}`, category: 'transport' }),
    costCenter,
    approver,
    policy,
    employee: await made(t, '/api/admin/employees', {
      name: 'Asha Verma',
      email: `a-${tag}@acme.example`,
      costCenterId: costCenter,
      approverId: approver,
      policyId: policy,
    }),
    contract: await made(t, '/api/admin/contracts', {
      supplierId: supplier,
      service: 'hotel',
      discountBps: 1200,
      validFrom: '2027-01-01',
      validUntil: '2027-12-31',
    }),
    lead: await made(t, '/api/admin/leads', { name: 'Asha Rao', email: `lead-${tag}@example.com` }),
    theme: await made(t, '/api/admin/themes', {
      name: `Sunrise ${tag}`,
      colors: { primary: '#e11d48', secondary: '#1e293b' },
    }),
    traveller: await made(customer.token, '/api/travellers', { firstName: 'Ravi', lastName: 'Kumar' }),
    offlineBooking: await offlineBooking(owner, partnerKey),
    storefrontBooking: await storefrontBooking(customer),
    customer: customer.user.id,
  };
  return records;
}

beforeAll(async () => {
  admin = await platformAdmin();
  const [a, b] = [await newPartner(admin), await newPartner(admin)];
  const [customerA, customerB] = [await registerCustomer(), await registerCustomer()];
  const tenantA = await staffWith(RIGHTS, a.tenant.id, 'tenant A staff');
  const lacking = new Map<string, Promise<Principal>>();
  fixture = {
    admin: { name: 'platform administrator', token: admin.token },
    tenantA,
    tenantB: await staffWith(RIGHTS, b.tenant.id, 'tenant B staff'),
    customerA: { name: 'customer A', token: customerA.token },
    customerB: { name: 'customer B', token: customerB.token },
    lacking(right, of) {
      const key = `${of} ${right}`;
      if (!lacking.has(key)) {
        const rights = RIGHTS.filter((r) => r !== right);
        lacking.set(
          key,
          staffWith(rights, of === 'tenant' ? a.tenant.id : undefined, `${of} without ${right}`),
        );
      }
      return lacking.get(key) as Promise<Principal>;
    },
    records: {
      ...(await recordsOf(tenantA, a.key.secret, customerA)),
      apiKey: a.key.id,
      apiClient: String(a.client.id),
      webhookEndpoint: await made(tenantA.token, `/api/admin/api-console/clients/${a.client.id}/webhooks`, {
        url: 'http://127.0.0.1:9/suite',
      }),
    },
  };
}, 120_000);

describe('staff security suite: coverage', () => {
  it('when a staff or customer route is added, then the suite knows whose record its id names and which read shows its effect', () => {
    expect(uncoveredRoutes()).toEqual({ unplaced: [], stale: [] });
  });

  it("when tenant A's staff (customer A) use their own records, then each answers (so the 404 checks can fail)", async () => {
    const { tenantA, customerA, records } = fixture;
    const lists = ['/api/admin/vendors', '/api/admin/employees', '/api/admin/leads', '/api/admin/users'];
    for (const path of [...lists, '/api/admin/bookings']) {
      const res = await call('GET', path, { headers: bearer(tenantA.token) });
      expect(res.status).toBe(200);
      const ids = (res.body as { data: { id: string }[] }).data.map((row) => row.id);
      expect(ids.some((id) => Object.values(records).includes(id))).toBe(true);
    }
    const rotated = await call('POST', `/api/admin/api-console/keys/${records.apiKey}/rotate`, {
      headers: { ...bearer(tenantA.token), 'content-type': 'application/json' },
      body: JSON.stringify({ graceSeconds: 60 }),
    });
    expect(rotated.status).toBe(201);
    const booking = await call('GET', `/api/bookings/${records.storefrontBooking}`, {
      headers: bearer(customerA.token),
    });
    expect(booking.status).toBe(200);
  });
});

describe('staff security suite', () => {
  describeStaffSecurity(() => fixture);
});
