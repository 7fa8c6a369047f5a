import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@travel/local-deploy';
import { waitFor } from '@travel/testkit';
import { type AdminApi, bearer, platformAdmin } from '../support/admin';
import { platformStaff } from '../support/console-calls';
import { tenantStaff } from '../support/staff';
import { dataOf, storefrontCall } from './storefront.fixture';

// Payment gateways (issue 15): platform only, credentials write-only (never answered, logged or audited),
// exactly one default.
let admin: AdminApi;

beforeAll(async () => {
  admin = await platformAdmin();
});

interface Gateway {
  id: string;
  provider: string;
  displayName: string;
  isDefault: boolean;
  credentialsSet: boolean;
}

const SECRET = `sk_e2e_${Date.now()}_never_shown`;
const KEY_ID = `whsec_e2e_${Date.now()}_key`;
const asAdmin = (method: string, path: string, body?: unknown) =>
  storefrontCall(method, path, { headers: bearer(admin.token), body });

describe('payment gateways', () => {
  const seen: string[] = [];

  it('when gateways are made, changed, made default at once and deleted, then one default and no credential in any answer', async () => {
    const created = await asAdmin('POST', '/api/admin/payment-gateways', {
      provider: 'stripe',
      displayName: 'Stripe e2e',
      credentials: { secretKey: SECRET, webhookSecret: KEY_ID },
    });
    expect(created.status).toBe(201);
    seen.push(created.text);
    const gateway = dataOf<Gateway>(created);
    expect(gateway).toMatchObject({ provider: 'stripe', credentialsSet: true, isDefault: false });

    const others = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        asAdmin('POST', '/api/admin/payment-gateways', {
          provider: 'stripe',
          displayName: `Stripe ${n}`,
          credentials: { secretKey: SECRET, webhookSecret: KEY_ID },
        }),
      ),
    );
    const ids = [gateway.id, ...others.map((r) => dataOf<Gateway>(r).id)];
    const defaults = await Promise.all(
      ids.map((id) => asAdmin('POST', `/api/admin/payment-gateways/${id}/set-default`)),
    );
    seen.push(...defaults.map((r) => r.text));
    expect(defaults.every((r) => r.status === 200)).toBe(true);
    const listed = await asAdmin('GET', '/api/admin/payment-gateways');
    seen.push(listed.text);
    expect(dataOf<Gateway[]>(listed).filter((g) => g.isDefault)).toHaveLength(1);

    const changed = await asAdmin('PUT', `/api/admin/payment-gateways/${gateway.id}`, {
      displayName: 'Stripe e2e (renamed)',
      credentials: { secretKey: `${SECRET}_2`, webhookSecret: KEY_ID },
    });
    seen.push(changed.text);
    expect(dataOf<Gateway>(changed)).toMatchObject({
      displayName: 'Stripe e2e (renamed)',
      credentialsSet: true,
    });
    expect(
      (await asAdmin('PUT', `/api/admin/payment-gateways/${gateway.id}`, { provider: 'x' })).status,
    ).toBe(400);
    expect(
      (await asAdmin('POST', '/api/admin/payment-gateways', { provider: 'paypal', displayName: 'x' })).status,
    ).toBe(400);
    // A provider the console once offered but billing has no adapter for: refused, naming the supported ones.
    const razorpay = await asAdmin('POST', '/api/admin/payment-gateways', {
      provider: 'razorpay',
      displayName: 'Razorpay',
      credentials: { keyId: 'rzp_x', keySecret: SECRET },
    });
    expect(razorpay.status).toBe(400);
    expect(razorpay.text).toContain('stripe');
    expect(razorpay.text).toContain('simulated');

    for (const id of ids) {
      const deleted = await asAdmin('DELETE', `/api/admin/payment-gateways/${id}`);
      expect(deleted.body).toEqual({ data: { id, deleted: true } });
    }
    expect((await asAdmin('POST', `/api/admin/payment-gateways/${gateway.id}/set-default`)).status).toBe(404);
    for (const text of seen) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(KEY_ID);
    }
  });

  it('when the console asks where card payments stand, then the platform answers for every tenant, and the test stack never refuses', async () => {
    const status = await asAdmin('GET', '/api/admin/payment-gateways/status');
    expect(status.status).toBe(200);
    const data = dataOf<{ scope: string; cardPayments: string; simulatorEnabled: boolean; refusal: null }>(
      status,
    );
    // The launcher turns the simulator on in the test stacks (docs/payments.md): a usable default or the simulator.
    expect(data).toMatchObject({ scope: 'platform', simulatorEnabled: true, refusal: null });
    expect(['provider', 'simulator']).toContain(data.cardPayments);
  });

  it('when the audit log and every log file of the stack are read, then no credential is there', async () => {
    // Billing relays its entries to the log (docs/decisions/audit.md): read once they are there.
    const audit = await waitFor(
      async () => {
        const read = await asAdmin('GET', '/api/admin/audit?limit=100');
        expect(read.status).toBe(200);
        expect(read.text).toContain('payment_gateway.created');
        return read;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    expect(audit.text).not.toContain(SECRET);
    expect(audit.text).not.toContain(KEY_ID);
    // Processes write their log lines in batches, at the latest a second or two after a quiet line
    // (docs/architecture.md, "Logs are written in batches"): wait, so every line of this test is in the files.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const logs = join(repoRoot, '.local', 'logs');
    const files = readdirSync(logs).filter((name) => name.startsWith('e2e-'));
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) {
      const text = readFileSync(join(logs, name), 'utf8');
      expect(text.includes(SECRET)).toBe(false);
      expect(text.includes(KEY_ID)).toBe(false);
    }
  });

  it('when tenant staff, platform staff without `settings`, or nobody ask, then 403 and 401', async () => {
    const tenant = await tenantStaff(admin, ['bookings']);
    expect(
      (await storefrontCall('GET', '/api/admin/payment-gateways', { headers: bearer(tenant.token) })).status,
    ).toBe(403);
    const staff = await platformStaff(admin, ['bookings']);
    expect(
      (await storefrontCall('GET', '/api/admin/payment-gateways', { headers: bearer(staff.token) })).status,
    ).toBe(403);
    expect((await storefrontCall('GET', '/api/admin/payment-gateways')).status).toBe(401);
  });
});
