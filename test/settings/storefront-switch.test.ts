import { waitFor } from '@travel/testkit';
import { type AdminApi, platformAdmin } from '../support/admin';
import { CUSTOMER_PASSWORD, type CustomerSession, registerCustomer } from '../support/customers';
import { type ApiResponse, call, expectDocumented } from '../support/gateway';
import { tenantStaff } from '../support/staff';

const json = { 'content-type': 'application/json' };

async function documented(
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<ApiResponse> {
  const res = await call(method, path, {
    headers: { ...json, ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  await expectDocumented(method, path, res);
  return res;
}

let admin: AdminApi;
let customer: CustomerSession;
const staff = () => ({ authorization: `Bearer ${admin.token}` });
const setStorefront = (storefrontEnabled: boolean) =>
  documented('PUT', '/api/admin/settings', { headers: staff(), body: { storefrontEnabled } });

beforeAll(async () => {
  admin = await platformAdmin();
  customer = await registerCustomer();
});
// Never leave the storefront closed for the suites after this one.
afterAll(async () => {
  if (admin) await setStorefront(true);
});

describe('platform settings', () => {
  it('when the settings are read and changed, then the change is answered, kept and audited', async () => {
    const before = await documented('GET', '/api/admin/settings', { headers: staff() });
    expect(before.status).toBe(200);
    const put = await documented('PUT', '/api/admin/settings', {
      headers: staff(),
      body: {
        siteName: 'Partner Travel E2E',
        supportEmail: 'Help@Partner-Travel.example',
        supportPhone: '+91 22 4000 1234',
      },
    });
    expect(put.status).toBe(200);
    expect((put.body as { data: unknown }).data).toMatchObject({
      siteName: 'Partner Travel E2E',
      supportEmail: 'help@partner-travel.example',
      storefrontEnabled: true,
    });
    const audit = await admin.request<{ action: string; target: { type: string } }[]>(
      'GET',
      '/api/admin/audit?limit=20',
    );
    expect(audit.some((entry) => entry.action === 'platform_settings.updated')).toBe(true);
  });

  it('when a field is invalid or unknown, then 400 with details and nothing changes', async () => {
    const bad = await documented('PUT', '/api/admin/settings', {
      headers: staff(),
      body: { supportEmail: 'not-an-email', storefrontEnabled: 'no' },
    });
    expect(bad.status).toBe(400);
    const after = await documented('GET', '/api/admin/settings', { headers: staff() });
    expect((after.body as { data: { storefrontEnabled: boolean } }).data.storefrontEnabled).toBe(true);
  });

  it('when tenant staff (even with the right settings) call them, then 403', async () => {
    const tenant = await tenantStaff(admin, ['settings']);
    const headers = { authorization: `Bearer ${tenant.token}` };
    expect((await documented('GET', '/api/admin/settings', { headers })).status).toBe(403);
    expect((await documented('GET', '/api/admin/settings/ip-rules', { headers })).status).toBe(403);
  });

  it('when a customer token calls the settings, then 401', async () => {
    expect((await documented('GET', '/api/admin/settings', { headers: customer.headers })).status).toBe(401);
  });
});

describe('the storefront switch', () => {
  it('when the storefront is switched off, then storefront and customer routes answer 503 and the consoles keep working; back on, they work again', async () => {
    expect((await setStorefront(false)).status).toBe(200);
    try {
      const offAt = Date.now();
      await waitFor(
        async () =>
          expect((await documented('GET', '/api/profile', { headers: customer.headers })).status).toBe(503),
        { timeoutMs: 5000, intervalMs: 20 },
      );
      expect(Date.now() - offAt).toBeLessThan(1000);
      const closed = [
        await documented('GET', '/api/auth/me', { headers: customer.headers }),
        await documented('GET', '/api/travellers', { headers: customer.headers }),
        await documented('POST', '/api/auth/login', {
          body: { email: customer.email, password: CUSTOMER_PASSWORD },
        }),
        await documented('POST', '/api/auth/register', {
          body: { email: `off-${customer.email}`, password: CUSTOMER_PASSWORD, fullName: 'Closed' },
        }),
        await documented('POST', '/api/auth/refresh', { body: { refreshToken: customer.refreshToken } }),
        await documented('GET', '/api/pricing/quote?service=hotel&amount=1000'),
      ];
      for (const res of closed) {
        expect(res.status).toBe(503);
        expect((res.body as { error: { code: string; message: string } }).error).toMatchObject({
          code: 'service_unavailable',
          message: 'The storefront is switched off by the platform administrator.',
        });
      }
      // The consoles and the partner API's health keep answering.
      expect((await documented('GET', '/api/admin/auth/me', { headers: staff() })).status).toBe(200);
      expect((await documented('GET', '/api/admin/settings', { headers: staff() })).status).toBe(200);
      expect((await call('GET', '/api/health')).status).toBe(200);
    } finally {
      expect((await setStorefront(true)).status).toBe(200);
    }
    await waitFor(
      async () =>
        expect((await documented('GET', '/api/profile', { headers: customer.headers })).status).toBe(200),
      { timeoutMs: 5000, intervalMs: 20 },
    );
    expect((await documented('GET', '/api/pricing/quote?service=hotel&amount=1000')).status).toBe(200);
  });
});
