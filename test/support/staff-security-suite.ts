import { randomUUID } from 'node:crypto';
import { type ApiResponse, call } from './gateway';
import {
  expectDocumentedAnswer,
  gatewayRoutes,
  type Route,
  requestBodyOf,
  requiredHeadersOf,
  routeKey,
  type StaffAccess,
} from './route-table';

// The staff security suite (docs/access.md "The staff security suite"): the same checks on every staff and
// customer route of the route table, through the launched platform, each followed by a look at what the
// route would have changed.

/** Someone signed in: a staff member or a storefront customer. */
export interface Principal {
  name: string;
  token: string;
}

/** Tenant A's records (customer A's for customer routes), by kind; built through the real API. */
export type RecordKind =
  | 'user'
  | 'role'
  | 'apiKey'
  | 'apiClient'
  | 'webhookEndpoint'
  | 'vendor'
  | 'costCenter'
  | 'approver'
  | 'policy'
  | 'employee'
  | 'contract'
  | 'lead'
  | 'theme'
  | 'traveller'
  | 'offlineBooking'
  | 'storefrontBooking'
  | 'customer';

export interface StaffSecurityFixture {
  /** The platform administrator: platform staff with every right. */
  admin: Principal;
  /** Tenant A's staff with every right: the owner of the records. */
  tenantA: Principal;
  /** Another tenant's staff with every right. */
  tenantB: Principal;
  customerA: Principal;
  customerB: Principal;
  /** A staff member (of the platform or of a tenant) whose role holds every right but `right`. */
  lacking(right: string, of: 'platform' | 'tenant'): Promise<Principal>;
  records: Record<RecordKind, string>;
}

type StaffRoute = Route & { access: StaffAccess };

/** The staff and customer routes the suite runs over. */
export function guardedRoutes(): Route[] {
  return gatewayRoutes().filter((route) => route.access.kind === 'staff' || route.access.kind === 'customer');
}

const isStaff = (route: Route): route is StaffRoute => route.access.kind === 'staff';
const isWrite = (route: Route) => route.method !== 'get';

/** Which record each path parameter names, where a route names two (a client's webhook endpoint). */
type RecordPlace = RecordKind | Record<string, RecordKind>;

/** A tenant's client's webhook endpoint (the partner console): the client and the endpoint. */
const CLIENT_ENDPOINT: RecordPlace = { clientId: 'apiClient', id: 'webhookEndpoint' };
/** The list of tenant A's client's live endpoints, which shows what every webhook write of the console changes. */
const CLIENT_ENDPOINTS: Witness = {
  path: '/api/admin/api-console/clients/:clientId/webhooks',
  as: 'tenantA',
  params: { clientId: 'apiClient' },
};

/**
 * The routes with an id of a record a tenant (or a customer) owns, and which of tenant A's (customer A's) records
 * the suite puts there: another tenant's staff (customer) must get `404` and change nothing.
 */
export const TENANT_RECORDS: Record<string, RecordPlace> = {
  'PUT /api/admin/users/:id': 'user',
  'DELETE /api/admin/users/:id': 'user',
  'PUT /api/admin/roles/:id': 'role',
  'DELETE /api/admin/roles/:id': 'role',
  'POST /api/admin/api-console/clients/:id/keys': 'apiClient',
  'GET /api/admin/api-console/clients/:id/events': 'apiClient',
  // No event record of tenant A is made (its feed fills only after a partner booking): `x_eventId` stands in,
  // as the route checks the client before the event id, so another tenant's staff get the client check's 404.
  'GET /api/admin/api-console/clients/:id/events/:eventId': { id: 'apiClient' },
  'GET /api/admin/api-console/clients/:clientId/webhooks': 'apiClient',
  'POST /api/admin/api-console/clients/:clientId/webhooks': 'apiClient',
  'PATCH /api/admin/api-console/clients/:clientId/webhooks/:id': CLIENT_ENDPOINT,
  'DELETE /api/admin/api-console/clients/:clientId/webhooks/:id': CLIENT_ENDPOINT,
  'GET /api/admin/api-console/clients/:clientId/webhooks/:id/deliveries': CLIENT_ENDPOINT,
  'POST /api/admin/api-console/clients/:clientId/webhooks/:id/deliveries/:deliveryId/redeliver':
    CLIENT_ENDPOINT,
  'POST /api/admin/api-console/clients/:clientId/webhooks/:id/ping': CLIENT_ENDPOINT,
  'POST /api/admin/api-console/clients/:clientId/webhooks/:id/rotate-secret': CLIENT_ENDPOINT,
  'POST /api/admin/api-console/clients/:clientId/webhooks/:id/recover': CLIENT_ENDPOINT,
  'PUT /api/admin/api-console/keys/:id': 'apiKey',
  'POST /api/admin/api-console/keys/:id/revoke': 'apiKey',
  'POST /api/admin/api-console/keys/:id/rotate': 'apiKey',
  'PUT /api/admin/api-console/keys/:id/spending-limits': 'apiKey',
  'PUT /api/admin/vendors/:id': 'vendor',
  'DELETE /api/admin/vendors/:id': 'vendor',
  'PUT /api/admin/cost-centers/:id': 'costCenter',
  'DELETE /api/admin/cost-centers/:id': 'costCenter',
  'PUT /api/admin/approvers/:id': 'approver',
  'DELETE /api/admin/approvers/:id': 'approver',
  'PUT /api/admin/policies/:id': 'policy',
  'DELETE /api/admin/policies/:id': 'policy',
  'PUT /api/admin/employees/:id': 'employee',
  'DELETE /api/admin/employees/:id': 'employee',
  'PUT /api/admin/contracts/:id': 'contract',
  'DELETE /api/admin/contracts/:id': 'contract',
  'PUT /api/admin/leads/:id': 'lead',
  'DELETE /api/admin/leads/:id': 'lead',
  'POST /api/admin/leads/:id/reply': 'lead',
  'POST /api/admin/themes/:id/activate': 'theme',
  'POST /api/admin/bookings/:id/cancel': 'offlineBooking',
  'GET /api/admin/bookings/:id': 'offlineBooking',
  'POST /api/admin/bookings/:id/cancellation-quote': 'offlineBooking',
  'DELETE /api/travellers/:id': 'traveller',
  'GET /api/bookings/:id': 'storefrontBooking',
  'POST /api/bookings/:id/cancel': 'storefrontBooking',
};

/**
 * Routes with an id that the "other tenant's record" check leaves out, each with the reason. Platform-only
 * routes need no entry: tenant staff are refused them (`403`, checked) before any record is read.
 */
export const NO_TENANT_RECORD: Record<string, string> = {
  'GET /api/admin/api-console/request-logs/:requestId':
    "a request id names a partner call, which only the gateway makes: gateway/test/request-logs.test.ts shows another tenant's call answered 404",
};

/** Records a refused call names where the route is platform only (so a call that got through would change them). */
export const PLATFORM_RECORDS: Record<string, RecordKind> = {
  'POST /api/admin/wallets/:customerId/top-ups': 'customer',
};

/** A read that shows what a write route changes, with whom to read it, where the route table cannot tell. */
interface Witness {
  path: string;
  as: 'admin' | 'tenantA' | 'customerA';
  /** The records its path parameters name. */
  params?: Record<string, RecordKind>;
}
export const WITNESSES: Record<string, Witness> = {
  'POST /api/admin/api-console/clients/:clientId/webhooks': CLIENT_ENDPOINTS,
  'PATCH /api/admin/api-console/clients/:clientId/webhooks/:id': CLIENT_ENDPOINTS,
  'DELETE /api/admin/api-console/clients/:clientId/webhooks/:id': CLIENT_ENDPOINTS,
  'POST /api/admin/api-console/clients/:clientId/webhooks/:id/deliveries/:deliveryId/redeliver':
    CLIENT_ENDPOINTS,
  'POST /api/admin/api-console/clients/:clientId/webhooks/:id/ping': CLIENT_ENDPOINTS,
  'POST /api/admin/api-console/clients/:clientId/webhooks/:id/rotate-secret': CLIENT_ENDPOINTS,
  'POST /api/admin/api-console/clients/:clientId/webhooks/:id/recover': CLIENT_ENDPOINTS,
  'POST /api/admin/wallets/:customerId/top-ups': { path: '/api/wallet', as: 'customerA' },
  'POST /api/admin/queries': { path: '/api/admin/queries/mine', as: 'tenantA' },
  'POST /api/admin/queries/:id/reply': { path: '/api/admin/queries/mine', as: 'admin' },
};

/** Write routes whose effect no read shows, with the reason. */
export const NO_WITNESS: Record<string, string> = {};

/** The path of a route with its parameters filled: tenant A's record where the suite has one, else a stand-in. */
function concretePath(route: Route, records: Record<RecordKind, string>): string {
  return filled(route.path, TENANT_RECORDS[routeKey(route)] ?? PLATFORM_RECORDS[routeKey(route)], records);
}

function filled(path: string, place: RecordPlace | undefined, records: Record<RecordKind, string>): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const kind = typeof place === 'string' ? place : place?.[name];
    return kind ? records[kind] : `x_${name}`;
  });
}

const startsWithSegments = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The list that shows what a write route changes: the longest parameterless GET of its family. */
export function witnessOf(route: Route, routes: Route[]): Witness | undefined {
  const explicit = WITNESSES[routeKey(route)];
  if (explicit) return explicit;
  const reads = routes.filter(
    (read) => read.method === 'get' && !read.path.includes(':') && startsWithSegments(route.path, read.path),
  );
  const read = reads.sort((a, b) => b.path.length - a.path.length)[0];
  if (!read) return undefined;
  if (read.access.kind === 'customer') return { path: read.path, as: 'customerA' };
  const access = read.access as StaffAccess;
  if (access.tenantOnly) return { path: read.path, as: 'tenantA' };
  const platformRoute = isStaff(route) && route.access.platformOnly;
  return { path: read.path, as: access.platformOnly || platformRoute ? 'admin' : 'tenantA' };
}

/** Every check's request: the documented example body (a valid one, so a call let through would act). */
async function send(route: Route, path: string, token: string | null): Promise<ApiResponse> {
  const example = isWrite(route) ? requestBodyOf(route)?.example : undefined;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  // A required idempotency key gets a fresh one, so that only the check under test can refuse the call.
  for (const name of requiredHeadersOf(route))
    if (name.toLowerCase() === 'idempotency-key') headers[name] = randomUUID();
  const body = route.method === 'get' ? undefined : JSON.stringify(example ?? {});
  return call(route.method.toUpperCase(), path, { headers, body });
}

/**
 * The staff security suite (docs/access.md, "A staff call"): every staff and customer route refuses a missing token, the other
 * kind of token, a member without the route's right, tenant staff on a platform-only route, platform staff on a
 * tenant-only route, and another tenant's (customer's) record, with the exact status and code in a documented
 * envelope; and the list that shows the route's effect reads the same afterwards.
 */
export function describeStaffSecurity(fixture: () => StaffSecurityFixture) {
  const routes = guardedRoutes();
  const all = gatewayRoutes();

  async function snapshot(witness: Witness | undefined): Promise<string | undefined> {
    if (!witness) return undefined;
    const reader = fixture()[witness.as];
    const path = filled(witness.path, witness.params, fixture().records);
    const res = await call('GET', path, { headers: { authorization: `Bearer ${reader.token}` } });
    expect({ witness: path, status: res.status }).toEqual({ witness: path, status: 200 });
    return JSON.stringify((res.body as { data: unknown }).data);
  }

  describe.each(routes.map((route) => [routeKey(route), route] as const))('%s', (_name, route) => {
    const witness = isWrite(route) ? witnessOf(route, all) : undefined;

    async function expectRefused(who: () => Promise<Principal | null>, status: number, code: string) {
      const principal = await who();
      const path = concretePath(route, fixture().records);
      const before = await snapshot(witness);
      const res = await send(route, path, principal?.token ?? null);
      const error = (res.body as { error?: { code: string; requestId: string } } | undefined)?.error;
      expect({ status: res.status, code: error?.code }).toEqual({ status, code });
      expect(error?.requestId).toBe(res.headers.get('x-request-id'));
      expectDocumentedAnswer(route.method, path, res);
      expect(await snapshot(witness)).toEqual(before);
    }

    const f = () => fixture();
    it('when no token is sent, then 401 unauthorized and nothing changes', () =>
      expectRefused(async () => null, 401, 'unauthorized'));

    if (route.access.kind === 'customer') {
      it('when a staff token is sent, then 401 unauthorized and nothing changes', () =>
        expectRefused(async () => f().admin, 401, 'unauthorized'));
    }
    if (!isStaff(route)) {
      if (TENANT_RECORDS[routeKey(route)])
        it("when another customer names this customer's record, then 404 not_found and nothing changes", () =>
          expectRefused(async () => f().customerB, 404, 'not_found'));
      return;
    }

    const { platformOnly, tenantOnly, right } = route.access;
    it('when a customer token is sent, then 401 unauthorized and nothing changes', () =>
      expectRefused(async () => f().customerA, 401, 'unauthorized'));
    if (right) {
      if (!tenantOnly)
        it(`when a platform staff member lacks ${right}, then 403 forbidden and nothing changes`, () =>
          expectRefused(() => f().lacking(right, 'platform'), 403, 'forbidden'));
      if (!platformOnly)
        it(`when a tenant staff member lacks ${right}, then 403 forbidden and nothing changes`, () =>
          expectRefused(() => f().lacking(right, 'tenant'), 403, 'forbidden'));
    }
    if (platformOnly)
      it('when tenant staff (every right) call it, then 403 forbidden and nothing changes', () =>
        expectRefused(async () => f().tenantB, 403, 'forbidden'));
    if (tenantOnly)
      it('when platform staff (every right) call it, then 403 forbidden and nothing changes', () =>
        expectRefused(async () => f().admin, 403, 'forbidden'));
    if (TENANT_RECORDS[routeKey(route)])
      it("when another tenant's staff name this tenant's record, then 404 not_found and nothing changes", () =>
        expectRefused(async () => f().tenantB, 404, 'not_found'));
  });
}

/** What the coverage check reports: routes the suite cannot place, and table entries naming no route. */
export function uncoveredRoutes(): { unplaced: string[]; stale: string[] } {
  const routes = guardedRoutes();
  const all = gatewayRoutes();
  const keys = new Set(routes.map(routeKey));
  const unplaced: string[] = [];
  for (const route of routes) {
    const key = routeKey(route);
    const platformOnly = isStaff(route) && route.access.platformOnly;
    if (route.path.includes(':') && !platformOnly && !TENANT_RECORDS[key] && !NO_TENANT_RECORD[key])
      unplaced.push(`${key}: an id of whose record? add it to TENANT_RECORDS or NO_TENANT_RECORD`);
    if (isWrite(route) && !witnessOf(route, all) && !NO_WITNESS[key])
      unplaced.push(`${key}: which read shows its effect? add it to WITNESSES or NO_WITNESS`);
  }
  const tables = [TENANT_RECORDS, NO_TENANT_RECORD, PLATFORM_RECORDS, WITNESSES, NO_WITNESS];
  const stale = tables.flatMap((table) => Object.keys(table).filter((key) => !keys.has(key)));
  return { unplaced, stale };
}
