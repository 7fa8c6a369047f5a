import { randomUUID } from 'node:crypto';
import { bearer, newPartner, platformAdmin } from '../support/admin';
import { registerCustomer } from '../support/customers';
import { type ApiResponse, callFrom, gatewayUrl } from '../support/gateway';
import {
  documentPathOf,
  expectDocumentedAnswer,
  gatewayRoutes,
  type Route,
  requestBodyOf,
  resolveSchema,
  routeKey,
  type StaffAccess,
} from '../support/route-table';
import { tenantStaff } from '../support/staff';

// "Bad input lists every failing field" (docs/decisions/http-api.md "Errors and HTTP conventions"), over every route of
// the table whose documented body is an object with named fields: one body with every field malformed, one with
// the required fields left out and the others malformed. Each answer is `400 bad_request` naming every one.

/** A value no field of any body accepts: not a string, number, boolean, object, nor an array of any of them. */
const MALFORMED = [[]];

/** Routes whose body is not checked field by field before anything else, with the reason. */
const EXCEPTIONS: Record<string, string> = {
  'POST /api/webhooks/whatsapp':
    "Meta's signature over the raw bytes is checked first (401 without it) and the payload's shape is Meta's, not ours: engagement reads the fields it knows and ignores the rest",
  'POST /api/webhooks/payments/:gatewayId':
    "The provider's signature over the raw bytes is checked first (400 without a valid one, nothing stored) and the payload is the provider's event (Stripe's), not ours: billing reads it only once it is proven",
};

type Json = Record<string, unknown>;

/**
 * The address these calls come from: the public intake's per-address limit (a few a minute) is the gateway's
 * to apply before the body is read, and other suites (the fuzzer above all) spend 127.0.0.1's share.
 */
const FIELDS_ADDRESS = '127.0.0.3';

/** The top-level fields of a route's body: every one and the required ones. */
function fieldsOf(route: Route): { all: string[]; required: string[] } | undefined {
  const body = requestBodyOf(route);
  if (!body?.schema) return undefined;
  const schema = resolveSchema(body.schema, documentPathOf(route).api);
  const properties = schema.properties as Json | undefined;
  if (schema.type !== 'object' || !properties || Object.keys(properties).length === 0) return undefined;
  return { all: Object.keys(properties), required: (schema.required as string[] | undefined) ?? [] };
}

const checked = gatewayRoutes().filter((route) => route.method !== 'get' && fieldsOf(route));
const familyOf = (route: Route) =>
  route.path
    .replace(/^\/api\/(v1\/|admin\/)?/, '$1')
    .split('/')
    .slice(0, 2)
    .join('/');

let headersFor: (route: Route) => Record<string, string>;
/** Routes that look the record of their path up before reading the body (its id's form says it is none): one that exists. */
let knownIds: Record<string, string>;

beforeAll(async () => {
  const admin = await platformAdmin();
  const [{ key, client }, staff, customer] = await Promise.all([
    newPartner(admin),
    tenantStaff(admin, ['api-console', 'billing', 'bookings']),
    registerCustomer(),
  ]);
  knownIds = {
    'PUT /api/admin/api-access/clients/:id': String(client.id),
    'POST /api/admin/api-access/clients/:id/keys': String(client.id),
  };
  headersFor = (route) => {
    const access = route.access;
    if (access.kind === 'partner') return bearer(key.secret);
    if (access.kind === 'customer') return bearer(customer.token);
    if (access.kind === 'staff')
      return bearer((access as StaffAccess).tenantOnly ? staff.token : admin.token);
    return {};
  };
}, 60_000);

async function send(route: Route, body: Json): Promise<ApiResponse> {
  const path = route.path.replace(/:(\w+)/g, (_match, name) => knownIds[routeKey(route)] ?? `x_${name}`);
  const res = await callFrom(FIELDS_ADDRESS, gatewayUrl(), route.method.toUpperCase(), path, {
    // Booking routes need an Idempotency-Key before anything else; the others ignore it.
    headers: { ...headersFor(route), 'idempotency-key': randomUUID() },
    body,
  });
  expectDocumentedAnswer(route.method, path, res);
  return res;
}

/** Which of `fields` the answer names (a field's own entry, or one inside it: `travellers.0`). */
function named(res: ApiResponse, fields: string[]): { status: number; code?: string; missing: string[] } {
  const error = (res.body as { error?: { code: string; details: { path: string }[] | null } }).error;
  const paths = (error?.details ?? []).map((detail) => detail.path);
  const missing = fields.filter((field) => !paths.some((p) => p === field || p.startsWith(`${field}.`)));
  return { status: res.status, code: error?.code, missing };
}

describe('every failing field is listed', () => {
  it('when the table is read, then every route with fields is checked here or excepted with a reason', () => {
    const keys = new Set(gatewayRoutes().map(routeKey));
    expect(Object.keys(EXCEPTIONS).filter((key) => !keys.has(key))).toEqual([]);
    const families = new Set(checked.map(familyOf));
    expect(families.size).toBeGreaterThan(20);
  });

  describe.each(
    checked
      .filter((route) => !EXCEPTIONS[routeKey(route)])
      .map((route) => [`${familyOf(route)}: ${routeKey(route)}`, route] as const),
  )('%s', (_name, route) => {
    const { all, required } = fieldsOf(route) as { all: string[]; required: string[] };
    const optional = all.filter((field) => !required.includes(field));

    it(`when all ${all.length} fields are malformed, then 400 names each`, async () => {
      const res = await send(route, Object.fromEntries(all.map((field) => [field, MALFORMED])));
      expect(named(res, all)).toEqual({ status: 400, code: 'bad_request', missing: [] });
    });

    if (required.length > 0 && optional.length > 0)
      it('when the required fields are left out and the others malformed, then 400 names each', async () => {
        const res = await send(route, Object.fromEntries(optional.map((field) => [field, MALFORMED])));
        expect(named(res, all)).toEqual({ status: 400, code: 'bad_request', missing: [] });
      });
  });
});
