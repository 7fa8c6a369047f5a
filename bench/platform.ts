import { type AdminApi, signInAdmin } from '@travel/local-deploy';
import { inDays } from '@travel/testkit';
import { fail } from './report';

/** The platform under load: is it there, and a key of the benchmark's own on it. */

export async function assertPlatformRunning(gateway: string): Promise<void> {
  const up = await fetch(`${gateway}/api/v1/health`, { signal: AbortSignal.timeout(15_000) }).then(
    (res) => res.ok,
    () => false,
  );
  if (!up) fail(`no platform answers at ${gateway}: run \`npm start\` first (or pass --gateway URL)`);
}

/** The admin API cannot delete a tenant, so every run that needs one shares this one. */
const BENCH_TENANT = 'Benchmark agency';

async function benchTenantId(admin: AdminApi): Promise<string> {
  const tenants = await admin.everyItem<{ id: string; name: string }>('/api/admin/tenant-directory');
  return (tenants.find((t) => t.name === BENCH_TENANT) ?? (await admin.createTenant(BENCH_TENANT))).id;
}

export interface BenchKeyOptions {
  gateway: string;
  admin: { email: string; password: string };
  /** Bookings belong to a tenant: their routes need a client linked to one. */
  tenantLinked: boolean;
}

/**
 * A client and a key with every scope made through the real admin API, a limit high enough never to
 * throttle the benchmark; the key is revoked and the client deleted afterwards, whatever happens.
 */
export async function withBenchKey<T>(
  options: BenchKeyOptions,
  run: (secret: string) => Promise<T>,
): Promise<T> {
  const admin = await signInAdmin(options.gateway, options.admin);
  const tenantId = options.tenantLinked ? await benchTenantId(admin) : null;
  const client = await admin.createClient(`bench ${new Date().toISOString()}`, tenantId);
  try {
    const key = await admin.createKey(client.id, {
      name: 'partner-pipeline benchmark',
      rateLimit: { limit: 100_000, windowSeconds: 1 },
    });
    try {
      return await run(key.secret);
    } finally {
      await admin.request('POST', `/api/admin/api-access/keys/${key.id}/revoke`);
    }
  } finally {
    await admin.request('DELETE', `/api/admin/api-access/clients/${client.id}`);
  }
}

/** The search the benchmark drives and books from: a round trip for 2 adults, a month ahead. */
export const roundTripSearch = () =>
  JSON.stringify({ from: 'DEL', to: 'BOM', departDate: inDays(30), returnDate: inDays(37), adults: 2 });
