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
import { type Broken, brokenBody, brokenFieldsOf, MALFORMED, roundsOf } from '../support/rule-breaking';
import { tenantStaff } from '../support/staff';

// "Bad input lists every failing field" (docs/decisions/http-api.md "Errors and HTTP conventions"), over every route of
// the table whose documented body is an object with named fields: one body with every field malformed, one with
// the required fields left out and the others malformed. Each answer is `400 bad_request` naming every one.
//
// "One answer, every failing field" (the same section): then bodies in which each field has the right TYPE but
// breaks a RULE its documented schema states (a value outside the enum, a string that does not match the pattern
// or the format, one character too long or too short, a number just out of range or not whole, too few or too
// many items, a broken item); a field whose schema states no rule beyond its type is malformed instead, and an
// object field's own fields are broken one level down. A field with several rules is sent once per rule (round 1
// breaks each field's first rule, round 2 its second, ...), and every such body carries one field no body has,
// which the gateway refuses itself: a rule the gateway left to a service would be missing from its answer.

/** Routes whose body is not checked field by field before anything else, with the reason. */
const EXCEPTIONS: Record<string, string> = {
  'POST /api/webhooks/whatsapp':
    "Meta's signature over the raw bytes is checked first (401 without it) and the payload's shape is Meta's, not ours: engagement reads the fields it knows and ignores the rest",
  'POST /api/webhooks/payments/:gatewayId':
    "The provider's signature over the raw bytes is checked first (400 without a valid one, nothing stored) and the payload is the provider's event (Stripe's), not ours: billing reads it only once it is proven",
};

/**
 * Fields of a route (`<route> <path>`) whose documented rule only a service can judge, with the reason. None: every
 * rule a schema states is one the request itself decides; what needs a record, a clock or DNS is an `x-rule`
 * (not derived here), and the schema's own rules of those fields are broken instead.
 */
const RULE_EXCEPTIONS: Record<string, string> = {};

/**
 * A field no body has (every body is `additionalProperties: false`): the gateway refuses it, so the answer is
 * surely the gateway's, and a field whose rule only a service checks cannot be listed by that service instead.
 */
const UNKNOWN_FIELD = 'notAFieldOfAnyBody';

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
    'POST /api/admin/api-console/clients/:id/keys': String(staff.client.id),
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

/** Whether the answer names the unknown field (an entry on the body saying so). */
function namesUnknown(res: ApiResponse): boolean {
  const error = (res.body as { error?: { details: { message: string }[] | null } }).error;
  return (error?.details ?? []).some((detail) => detail.message.includes(UNKNOWN_FIELD));
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
    const fields = new Set(
      checked.flatMap((route) =>
        [...(brokenFieldsOf(route)?.keys() ?? [])].map((path) => `${routeKey(route)} ${path}`),
      ),
    );
    expect(Object.keys(RULE_EXCEPTIONS).filter((key) => !fields.has(key))).toEqual([]);
  });

  it('when the rule-breaking bodies are built, then most fields break a rule of their schema, not only their type', () => {
    const rules = checked.flatMap((route) =>
      [...(brokenFieldsOf(route)?.values() ?? [])].map((broken: Broken[]) => (broken[0] as Broken).rule),
    );
    expect(rules.filter((rule) => rule !== 'type').length).toBeGreaterThan(rules.length * 0.75);
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

    const broken = brokenFieldsOf(route) as Map<string, Broken[]>;
    const paths = [...broken.keys()].filter((path) => !RULE_EXCEPTIONS[`${routeKey(route)} ${path}`]);
    it.each(Array.from({ length: roundsOf(broken) }, (_, round) => round + 1))(
      `when all ${broken.size} fields have their type but break a documented rule (round %i), then one 400 names each`,
      async (round) => {
        const { body, rules } = brokenBody(broken, round - 1);
        const res = await send(route, { ...body, [UNKNOWN_FIELD]: true });
        const { missing, ...answer } = named(res, paths);
        expect({ ...answer, missing: missing.map((path) => `${path} (${rules[path]})`) }).toEqual({
          status: 400,
          code: 'bad_request',
          missing: [],
        });
        expect(namesUnknown(res)).toBe(true);
      },
    );
  });
});
