import { inDays } from '@travel/testkit';
import type { Target } from './load';
import type { Credential, Operation } from './openapi-operations';
import { apiCall, roundTripSearch } from './platform';
import { voucherPreviewBody } from './voucher-route';

/**
 * `--route sweep`'s request for each operation: its credential, path parameters from the demo data (the first
 * item of a list), required query parameters and, for the POST routes safe to repeat, a body; or the reason it
 * is not driven.
 */

export interface SweepFixtures {
  gateway: string;
  /** The bearer credential of each kind (none for public routes). */
  tokens: Record<Exclude<Credential, 'none'>, string>;
  /** The code of the voucher made for the run. */
  voucherCode: string;
}

export type Plan = { operation: Operation; target: Target } | { operation: Operation; skip: string };

/** Routes not driven whatever their method, with the reason. */
const SKIPS: Record<string, string> = {
  'POST /api/v1/bookings': 'makes a booking each time (`--route booking` measures it)',
  'POST /api/bookings': 'makes and pays a storefront booking each time (`--route booking` measures it)',
  'POST /api/admin/bookings': 'makes an offline booking each time',
  'POST /api/admin/auth/login': 'sign-in: 10 attempts a minute per address and email by design',
  'POST /api/auth/login': 'sign-in: throttled per address and per email by design',
  'POST /api/auth/register': 'makes a customer; throttled per address and per email by design',
  'POST /api/admin/auth/refresh': 'spends the refresh token (one use each)',
  'POST /api/auth/refresh': 'spends the refresh token (one use each)',
  'POST /api/admin/auth/logout': 'ends the session',
  'POST /api/auth/logout': 'ends the session',
  'POST /api/search/flights':
    '60 searches a minute per address by design (`POST /api/v1/search/flights` is the same search)',
  'POST /api/search/hotels':
    '60 searches a minute per address by design (`POST /api/v1/search/hotels` is the same search)',
  'POST /api/search/cars':
    '60 searches a minute per address by design (`POST /api/v1/search/cars` is the same search)',
  'POST /api/vouchers/apply':
    '30 previews a minute per address by design (`POST /api/admin/vouchers/apply` is the same preview)',
  'POST /api/search-logs': 'records a search each time; 60 a minute per address by design',
  'POST /api/newsletter/subscribe': 'adds an address to the list; 10 a minute per address by design',
  'POST /api/demo-requests': 'makes a lead each time; 10 a minute per address by design',
  'GET /api/newsletter/unsubscribe': "unsubscribes; needs an address's secret token from a newsletter email",
  'POST /api/newsletter/unsubscribe': "unsubscribes; needs an address's secret token from a newsletter email",
  'GET /api/webhooks/whatsapp': "Meta's handshake: needs the platform's secret verify token (else 403)",
  'POST /api/webhooks/whatsapp': "Meta's inbound messages, signed with the app's secret; each makes a lead",
  'POST /api/webhooks/payments/{gatewayId}':
    "a payment provider's callback, signed with its secret; settles a payment",
};

/** The POST routes safe to repeat (they create nothing lasting), with their bodies. */
const BODIES: Record<string, (fixtures: SweepFixtures) => string> = {
  'POST /api/v1/search/flights': () => roundTripSearch(),
  'POST /api/v1/search/hotels': () =>
    JSON.stringify({ city: 'Goa', checkIn: inDays(30), checkOut: inDays(32), rooms: 1, guests: 2 }),
  'POST /api/v1/search/cars': () =>
    JSON.stringify({ pickup: 'Bengaluru', from: inDays(30), until: inDays(33), driverAge: 34 }),
  // Each stores a quote the store deletes a day after it expires.
  'POST /api/v1/bookings/{id}/cancellation-quote': () => '{}',
  // A ping is sent to the run's receiver at once; it is not stored or retried.
  'POST /api/v1/webhooks/{id}/ping': () => '{}',
  'POST /api/admin/vouchers/apply': (fixtures) => voucherPreviewBody(fixtures.voucherCode),
};

/** Required query parameters. */
const QUERIES: Record<string, string> = {
  'GET /api/v1/pricing/quote': 'service=flight&amount=1234.5',
  'GET /api/pricing/quote': 'service=flight&amount=1234.5',
  'GET /api/pricing/admin/quote': 'service=flight&amount=1234.5',
};

/** Where a path parameter comes from: a field of the first item of a list the same credential reads. */
interface Source {
  list: string;
  field?: string;
  missing: string;
}

const SOURCES: Record<string, Source> = {
  'GET /api/v1/bookings/{id}': { list: '/api/v1/bookings', missing: 'the benchmark client has no booking' },
  'POST /api/v1/bookings/{id}/cancellation-quote': {
    list: '/api/v1/bookings',
    missing: 'the benchmark client has no booking',
  },
  'GET /api/v1/invoices/{id}': { list: '/api/v1/invoices', missing: 'the benchmark tenant has no invoice' },
  'GET /api/v1/events/{id}': { list: '/api/v1/events', missing: 'the benchmark client has no event yet' },
  'GET /api/v1/webhooks/{id}/deliveries': { list: '/api/v1/webhooks', missing: 'no webhook endpoint' },
  'POST /api/v1/webhooks/{id}/ping': { list: '/api/v1/webhooks', missing: 'no webhook endpoint' },
  'GET /api/admin/tenant-directory/{id}': { list: '/api/admin/tenant-directory', missing: 'no tenant' },
  'GET /api/admin/events/parked/{id}': {
    list: '/api/admin/events/parked',
    missing: 'no parked event in the demo data',
  },
  'GET /api/admin/invoices/{id}': { list: '/api/admin/invoices', missing: 'no invoice in the demo data' },
  'GET /api/blogs/{slug}': {
    list: '/api/blogs',
    field: 'slug',
    missing: 'no published post in the demo data',
  },
  'GET /api/bookings/{id}': { list: '/api/bookings', missing: 'the demo customer has no booking' },
};

/** Why a write is not driven, from its method, its last path segment and its documented answers. */
function writeReason({ method, path, good }: Operation): string {
  if (method === 'DELETE') return 'deletes a record';
  if (method !== 'POST') return 'changes a record: a write each time, even with the same body';
  if (good.includes(201)) return 'creates a record each time (201)';
  const action = path.split('/').at(-1) ?? '';
  return `${action}: changes state, not safe to repeat`;
}

export async function planRequest(operation: Operation, fixtures: SweepFixtures): Promise<Plan> {
  const { name, method } = operation;
  const skip = SKIPS[name] ?? (method !== 'GET' && !BODIES[name] ? writeReason(operation) : undefined);
  if (skip) return { operation, skip };
  if (operation.requiredQuery.length > 0 && !QUERIES[name]) {
    return { operation, skip: `needs ${operation.requiredQuery.join(', ')}: no value known to the sweep` };
  }
  const path = await fillPath(operation, fixtures);
  if ('skip' in path) return { operation, skip: path.skip };
  const headers: Record<string, string> = {};
  if (operation.credential !== 'none')
    headers.authorization = `Bearer ${fixtures.tokens[operation.credential]}`;
  const body = BODIES[name]?.(fixtures);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const query = QUERIES[name] ? `?${QUERIES[name]}` : '';
  const good = operation.good;
  return {
    operation,
    target: {
      name,
      url: `${fixtures.gateway}${path.path}${query}`,
      method: method === 'POST' ? 'POST' : 'GET',
      headers,
      ...(body === undefined ? {} : { body }),
      judge: (status) => (good.includes(status) ? undefined : String(status)),
    },
  };
}

/** The path with its parameters filled, or why it cannot be. */
async function fillPath(
  operation: Operation,
  fixtures: SweepFixtures,
): Promise<{ path: string } | { skip: string }> {
  const params = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
  if (params.length === 0) return { path: operation.path };
  const source = SOURCES[operation.name];
  if (!source || params.length > 1)
    return { skip: `no source of {${params.join('}, {')}} known to the sweep` };
  const token = operation.credential === 'none' ? undefined : fixtures.tokens[operation.credential];
  const items = await apiCall<Record<string, unknown>[]>(fixtures.gateway, {
    method: 'GET',
    path: source.list,
    ...(token ? { token } : {}),
    expected: 200,
  });
  const value = items[0]?.[source.field ?? 'id'];
  if (typeof value !== 'string') return { skip: source.missing };
  return { path: operation.path.replace(`{${params[0]}}`, encodeURIComponent(value)) };
}
