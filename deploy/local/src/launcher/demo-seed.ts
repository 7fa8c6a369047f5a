import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDir, stateRoot } from '../infra/paths';
import { DEMO_ADMIN, signInAdmin } from './admin-api';
import { ensureDemoTenantUser, makeDemoTraffic } from './demo-console';
import { gatewayUrl, type StackProfile } from './profile';

export interface DemoAccess {
  tenant: { id: string; name: string };
  client: { id: number; name: string };
  liveKey: string;
  testKey: string;
  admin: { email: string; password: string };
  customer: { email: string; password: string };
  /** The demo tenant's staff member, for the partner console (`/console`). */
  tenantUser: { email: string; password: string };
}

/** The storefront's demo customer (`POST /api/auth/login`). */
export const DEMO_CUSTOMER = {
  email: 'customer@partner-travel.local',
  password: 'customer-demo-2026',
  fullName: 'Demo Customer',
};

const TENANT_NAME = 'Demo Travel Agency';
const CLIENT_NAME = 'Demo Travel Agency API';

function demoFile(env: NodeJS.ProcessEnv, profile: StackProfile): string {
  return join(ensureDir(join(stateRoot(env), 'run')), `${profile.name}-demo.json`);
}

/**
 * The demo data, seeded once: a tenant, a linked client with a live key holding every scope and a test
 * key. Secrets exist only at issue, so they are kept in the git-ignored .local/ (mode 0600) and shown
 * again on later starts as long as the live key still works; otherwise fresh keys are issued.
 */
export async function seedDemo(env: NodeJS.ProcessEnv, profile: StackProfile): Promise<DemoAccess> {
  const access = await seedDemoAccess(env, profile);
  // The console's request log shows these within seconds (docs/console.md, "Demo").
  await makeDemoTraffic(gatewayUrl(profile), access.liveKey);
  return access;
}

async function seedDemoAccess(env: NodeJS.ProcessEnv, profile: StackProfile): Promise<DemoAccess> {
  const baseUrl = gatewayUrl(profile);
  const file = demoFile(env, profile);
  const customer = await ensureDemoCustomer(baseUrl);
  const credentials = {
    email: env.ADMIN_EMAIL ?? DEMO_ADMIN.email,
    password: env.ADMIN_PASSWORD ?? DEMO_ADMIN.password,
  };
  const admin = await signInAdmin(baseUrl, credentials);
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as DemoAccess;
    const me = await fetch(`${baseUrl}/api/v1/me`, { headers: { authorization: `Bearer ${saved.liveKey}` } });
    if (me.ok) {
      const tenantUser = await ensureDemoTenantUser(admin, saved.tenant.id);
      return { ...saved, customer, tenantUser };
    }
  }
  const tenants = await admin.everyItem<{ id: string; name: string }>('/api/admin/tenant-directory');
  const tenant = tenants.find((t) => t.name === TENANT_NAME) ?? (await admin.createTenant(TENANT_NAME));
  const clients = await admin.everyItem(
    '/api/admin/api-access',
    (data) => (data as { clients: { id: number; name: string; tenantId: string | null }[] }).clients,
  );
  const client =
    clients.find((c) => c.name === CLIENT_NAME && c.tenantId === tenant.id) ??
    (await admin.createClient(CLIENT_NAME, tenant.id));
  const live = await admin.createKey(client.id, { name: 'Demo live key', environment: 'live' });
  const test = await admin.createKey(client.id, { name: 'Demo test key', environment: 'test' });
  const access: DemoAccess = {
    tenant: { id: tenant.id, name: tenant.name },
    client: { id: client.id, name: client.name },
    liveKey: live.secret,
    testKey: test.secret,
    admin: credentials,
    customer,
    tenantUser: await ensureDemoTenantUser(admin, tenant.id),
  };
  writeFileSync(file, `${JSON.stringify(access, null, 2)}\n`, { mode: 0o600 });
  return access;
}

/** Registers the demo customer once; an address already registered (`409`) is the customer of an earlier start. */
async function ensureDemoCustomer(baseUrl: string): Promise<DemoAccess['customer']> {
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_CUSTOMER),
  });
  if (!res.ok && res.status !== 409)
    throw new Error(`registering the demo customer answered ${res.status}: ${await res.text()}`);
  return { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password };
}
