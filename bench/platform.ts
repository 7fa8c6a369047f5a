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

export async function benchTenantId(admin: AdminApi): Promise<string> {
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

/** A call that has not answered in this time fails. */
const CALL_TIMEOUT_MS = 10_000;

export interface ApiCall {
  method: string;
  path: string;
  /** A bearer credential: a partner key's secret, a staff or a customer token. */
  token?: string;
  headers?: Record<string, string>;
  /** A value sent as JSON, or a JSON text as it is. */
  body?: unknown;
  expected: number;
}

/** One call of the platform's API that must answer `expected`; its `data`. */
export async function apiCall<T>(gateway: string, call: ApiCall): Promise<T> {
  const res = await fetch(`${gateway}${call.path}`, {
    method: call.method,
    headers: {
      'content-type': 'application/json',
      ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
      ...call.headers,
    },
    body: call.body === undefined || typeof call.body === 'string' ? call.body : JSON.stringify(call.body),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const text = await res.text();
  if (res.status !== call.expected) {
    throw new Error(`${call.method} ${call.path} answered ${res.status}: ${text}`);
  }
  return (JSON.parse(text) as { data: T }).data;
}
