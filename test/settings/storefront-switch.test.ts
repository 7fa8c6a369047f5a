import { waitFor } from '@travel/testkit';
import { type AdminApi, platformAdmin } from '../support/admin';
import { consoleCall } from '../support/console-calls';
import { CUSTOMER_PASSWORD, type CustomerSession, registerCustomer } from '../support/customers';
import { call } from '../support/gateway';
import { tenantStaff } from '../support/staff';

let admin: AdminApi;
let customer: CustomerSession;
/** The settings as found, put back after the suite. */
let original: Record<string, unknown>;
const setStorefront = (storefrontEnabled: boolean) =>
  consoleCall(admin.token, 'PUT', '/api/admin/settings', { storefrontEnabled });

beforeAll(async () => {
  admin = await platformAdmin();
  customer = await registerCustomer();
  const { updatedAt: _updatedAt, ...settings } = await admin.request<Record<string, unknown>>(
    'GET',
    '/api/admin/settings',
  );
  original = settings;
});
// Never leave the storefront closed for the suites after this one.
afterAll(async () => {
  if (admin) await admin.request('PUT', '/api/admin/settings', { ...original, storefrontEnabled: true });
});

describe('platform settings', () => {
  it('when the settings are read and changed, then the change is answered, kept and audited', async () => {
    const before = await consoleCall(admin.token, 'GET', '/api/admin/settings');
    expect(before.status).toBe(200);
    const put = await consoleCall(admin.token, 'PUT', '/api/admin/settings', {
      siteName: 'Partner Travel E2E',
      supportEmail: 'Help@Partner-Travel.example',
      supportPhone: '+91 22 4000 1234',
    });
    expect(put.status).toBe(200);
    expect((put.body as { data: unknown }).data).toMatchObject({
      siteName: 'Partner Travel E2E',
      supportEmail: 'help@partner-travel.example',
      storefrontEnabled: true,
    });
    // Identity relays its own entries through audit.entries too (docs/decisions/audit.md).
    await waitFor(
      async () => {
        const audit = await admin.request<{ action: string; target: { type: string } }[]>(
          'GET',
          '/api/admin/audit?limit=20',
        );
        expect(audit.some((entry) => entry.action === 'platform_settings.updated')).toBe(true);
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
  });

  it('when a field is invalid or unknown, then 400 with details and nothing changes', async () => {
    const bad = await consoleCall(admin.token, 'PUT', '/api/admin/settings', {
      supportEmail: 'not-an-email',
      storefrontEnabled: 'no',
    });
    expect(bad.status).toBe(400);
    const after = await consoleCall(admin.token, 'GET', '/api/admin/settings');
    expect((after.body as { data: { storefrontEnabled: boolean } }).data.storefrontEnabled).toBe(true);
  });

  it('when tenant staff (even with the right settings) call them, then 403', async () => {
    const tenant = await tenantStaff(admin, ['settings']);
    expect((await consoleCall(tenant.token, 'GET', '/api/admin/settings')).status).toBe(403);
    expect((await consoleCall(tenant.token, 'GET', '/api/admin/settings/ip-rules')).status).toBe(403);
  });

  it('when a customer token calls the settings, then 401', async () => {
    expect((await consoleCall(customer.token, 'GET', '/api/admin/settings')).status).toBe(401);
  });
});

describe('the storefront switch', () => {
  it('when the storefront is switched off, then storefront and customer routes answer 503 and the consoles keep working; back on, they work again', async () => {
    expect((await setStorefront(false)).status).toBe(200);
    try {
      const offAt = Date.now();
      await waitFor(
        async () => expect((await consoleCall(customer.token, 'GET', '/api/profile')).status).toBe(503),
        { timeoutMs: 5000, intervalMs: 20 },
      );
      expect(Date.now() - offAt).toBeLessThan(1000);
      const closed = [
        await consoleCall(customer.token, 'GET', '/api/auth/me'),
        await consoleCall(customer.token, 'GET', '/api/travellers'),
        await consoleCall(null, 'POST', '/api/auth/login', {
          email: customer.email,
          password: CUSTOMER_PASSWORD,
        }),
        await consoleCall(null, 'POST', '/api/auth/register', {
          email: `off-${customer.email}`,
          password: CUSTOMER_PASSWORD,
          fullName: 'Closed',
        }),
        await consoleCall(null, 'POST', '/api/auth/refresh', { refreshToken: customer.refreshToken }),
        await consoleCall(null, 'GET', '/api/pricing/quote?service=hotel&amount=1000'),
      ];
      for (const res of closed) {
        expect(res.status).toBe(503);
        expect((res.body as { error: { code: string; message: string } }).error).toMatchObject({
          code: 'service_unavailable',
          message: 'The storefront is switched off by the platform administrator.',
        });
      }
      // The consoles and the partner API's health keep answering.
      expect((await consoleCall(admin.token, 'GET', '/api/admin/auth/me')).status).toBe(200);
      expect((await consoleCall(admin.token, 'GET', '/api/admin/settings')).status).toBe(200);
      expect((await call('GET', '/api/health')).status).toBe(200);
    } finally {
      expect((await setStorefront(true)).status).toBe(200);
    }
    await waitFor(
      async () => expect((await consoleCall(customer.token, 'GET', '/api/profile')).status).toBe(200),
      { timeoutMs: 5000, intervalMs: 20 },
    );
    expect((await consoleCall(null, 'GET', '/api/pricing/quote?service=hotel&amount=1000')).status).toBe(200);
  });
});
