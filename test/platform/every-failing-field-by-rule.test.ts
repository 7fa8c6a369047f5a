import { randomUUID } from 'node:crypto';
import { bearer, newPartner, platformAdmin } from '../support/admin';
import { registerCustomer } from '../support/customers';
import { type ApiResponse, callFrom, gatewayUrl } from '../support/gateway';
import {
  expectDocumentedAnswer,
  gatewayRoutes,
  type Route,
  routeKey,
  type StaffAccess,
} from '../support/route-table';
import { type Broken, brokenBody, brokenFieldsOf, roundsOf } from '../support/rule-breaking';
import { tenantStaff } from '../support/staff';

// "One answer, every failing field" (docs/decisions/http-api.md "Errors and HTTP conventions"): for every route
// whose documented body is an object with named fields, one body in which each field has the right TYPE but
// breaks a RULE its documented schema states (a value outside the enum, a string that does not match the
// pattern or the format, one character too long or too short, a number just out of range, an item too many or
// a broken item). A field whose schema states no rule beyond its type is malformed instead, and a field that is
// an object with named fields gets each of its own fields broken the same way. A field with several rules is
// sent once per rule (round 1 breaks each field's first rule, round 2 its second, ...), and every body carries
// one field no body has, which the gateway refuses itself. Each answer is one `400 bad_request` naming every
// field: a rule the gateway left to the service would be missing from it.

/**
 * Route fields whose documented rule the gateway cannot judge from the request alone, with the reason. None so
 * far: every rule a schema states is one the request itself decides; the rules that need a record, a clock or
 * DNS are `x-rule`s, and the schema's own rules of those fields are broken here instead.
 */
const EXCEPTIONS: Record<string, string> = {};

/** Routes whose body is not checked field by field before anything else, with the reason. */
const UNCHECKED_ROUTES: Record<string, string> = {
  'POST /api/webhooks/whatsapp':
    "Meta's signature over the raw bytes is checked first (401 without it) and the payload's shape is Meta's, not ours",
  'POST /api/webhooks/payments/:gatewayId':
    "The provider's signature over the raw bytes is checked first and the payload is the provider's event, not ours",
};

type Json = Record<string, unknown>;

/** An address of this suite's own: the public intake's per-address limit is spent by other suites' addresses. */
const RULES_ADDRESS = '127.0.0.5';

const checked = gatewayRoutes()
  .filter((route) => route.method !== 'get' && !UNCHECKED_ROUTES[routeKey(route)])
  .flatMap((route) => {
    const fields = brokenFieldsOf(route);
    return fields ? [{ route, fields }] : [];
  });

let headersFor: (route: Route) => Record<string, string>;
/** Routes that look the record of their path up before reading the body: one that exists. */
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
  const res = await callFrom(RULES_ADDRESS, gatewayUrl(), route.method.toUpperCase(), path, {
    headers: { ...headersFor(route), 'idempotency-key': randomUUID() },
    body,
  });
  expectDocumentedAnswer(route.method, path, res);
  return res;
}

/**
 * A field no body has (every body is `additionalProperties: false`): the gateway refuses it, so the answer is
 * surely the gateway's, and a field whose rule only a service checks cannot be listed by that service instead.
 */
const UNKNOWN_FIELD = 'notAFieldOfAnyBody';

/** Whether the answer names the unknown field (an entry on the body saying so). */
function namesUnknown(res: ApiResponse): boolean {
  const error = (res.body as { error?: { details: { path: string; message: string }[] | null } }).error;
  return (error?.details ?? []).some((detail) => detail.message.includes(UNKNOWN_FIELD));
}

/** Which of `paths` the answer does not name (a path's own entry, or one inside it: `travellers.0`). */
function unnamed(res: ApiResponse, paths: string[]): string[] {
  const error = (res.body as { error?: { details: { path: string }[] | null } }).error;
  const named = (error?.details ?? []).map((detail) => detail.path);
  return paths.filter((path) => !named.some((p) => p === path || p.startsWith(`${path}.`)));
}

describe('every broken rule is listed at once', () => {
  it('when the table is read, then every exception names a route and a field that exist', () => {
    const known = new Set(
      checked.flatMap(({ route, fields }) => [...fields.keys()].map((path) => `${routeKey(route)} ${path}`)),
    );
    expect(Object.keys(EXCEPTIONS).filter((key) => !known.has(key))).toEqual([]);
    const keys = new Set(gatewayRoutes().map(routeKey));
    expect(Object.keys(UNCHECKED_ROUTES).filter((key) => !keys.has(key))).toEqual([]);
    expect(checked.length).toBeGreaterThan(80);
  });

  it('when the bodies are built, then most fields break a rule of their schema, not just their type', () => {
    const rules = checked.flatMap(({ fields }) =>
      [...fields.values()].map((broken: Broken[]) => (broken[0] as Broken).rule),
    );
    expect(rules.filter((rule) => rule !== 'type').length).toBeGreaterThan(rules.length * 0.75);
  });

  describe.each(checked.map(({ route, fields }) => [routeKey(route), route, fields] as const))(
    '%s',
    (_name, route, fields) => {
      const rounds = Array.from({ length: roundsOf(fields) }, (_, round) => round + 1);
      const expected = [...fields.keys()].filter((path) => !EXCEPTIONS[`${routeKey(route)} ${path}`]);

      it.each(rounds)(
        `when all ${fields.size} fields break a rule (round %i), then one 400 names each`,
        async (round) => {
          const { body, rules } = brokenBody(fields, round - 1);
          const res = await send(route, { ...body, [UNKNOWN_FIELD]: true });
          const missing = unnamed(res, expected).map((path) => `${path} (${rules[path]})`);
          expect({ status: res.status, missing, unknownNamed: namesUnknown(res) }).toEqual({
            status: 400,
            missing: [],
            unknownNamed: true,
          });
        },
      );
    },
  );
});
