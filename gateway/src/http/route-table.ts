import type { RequestHandler, Router } from 'express';
import { match } from 'path-to-regexp';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call a route; the access middleware of `createApp` read it from the matched route. */
export type RouteAccess =
  /**
   * No credential. `limit`: a public write route limited per client address in Redis (gateway/openapi/internal.yaml:
   * demo requests, newsletter, search logs, voucher preview, storefront search); `name` keeps each
   * route's window apart.
   */
  | { kind: 'public'; limit?: PublicLimit }
  /** A storefront customer's access token (`aud` customer); never a staff token. */
  | { kind: 'customer' }
  /**
   * A partner key; `scope` null means any valid key (`GET /me`). `tenantLinked`: the key's client must be
   * linked to a tenant (bookings and invoices belong to one).
   */
  | { kind: 'partner'; scope: string | null; tenantLinked?: true }
  /** A staff access token; `platformOnly` refuses tenant staff, `right` is the role-menu right. */
  | { kind: 'staff'; platformOnly?: boolean; tenantOnly?: boolean; right?: string };

/** A per-client-address limit on a public route. */
export interface PublicLimit {
  name: string;
  limit: number;
  windowSeconds: number;
}

/** One HTTP route of the gateway. Every route is declared like this so 404/405, access and docs can see it. */
export interface RouteDefinition {
  method: HttpMethod;
  /** Express path, e.g. `/api/v1/bookings/:id`. */
  path: string;
  access: RouteAccess;
  /** Keep the request body's bytes as received (`rawBody` in the locals): a signature is over them. */
  rawBody?: true;
  /** The OpenAPI document requires a body: a request without one is `400` (set by `createApp`). */
  bodyRequired?: boolean;
  /** This route's budget, when it must wait longer than REQUEST_BUDGET_MS (request-budget.ts). */
  budgetMs?: number;
  handlers: RequestHandler[];
}

/** The gateway's known routes: registers them, finds the one a request is for, and lists a path's methods. */
export function createRouteTable(routes: RouteDefinition[]) {
  const matchers = routes.map((route) => ({
    route,
    matches: match(route.path, { decode: decodeURIComponent }),
  }));
  // Paths without parameters are found by one map lookup (per request, before any regular expression).
  const staticRoutes = new Map(
    routes
      .filter((route) => !route.path.includes(':'))
      .map((route) => [staticKey(route.method, route.path), route]),
  );
  const parameterised = matchers.filter(({ route }) => route.path.includes(':'));
  // A path that is some static route's own (`/admin/discounts/mine`) is that resource, never a value of a
  // parameterised route beside it (`/admin/discounts/:id`): its methods are the static routes' alone.
  const staticPaths = new Set(
    routes.filter((route) => !route.path.includes(':')).map((r) => pathKey(r.path)),
  );
  return {
    routes,
    register(router: Router): void {
      for (const { method, path, handlers } of routes) router[method](path, ...handlers);
    },
    /** The route Express will run for this request (HEAD is served by GET), if any. */
    find(method: string, path: string): RouteDefinition | undefined {
      const wanted = method === 'HEAD' ? 'get' : method.toLowerCase();
      const route = staticRoutes.get(staticKey(wanted, path));
      if (route || staticPaths.has(pathKey(path))) return route;
      return parameterised.find(({ route, matches }) => route.method === wanted && safeMatch(matches, path))
        ?.route;
    },
    /** Whether this path is a static route's own, so no parameterised route may serve it. */
    isStaticPath(path: string): boolean {
      return staticPaths.has(pathKey(path));
    },
    allowedMethods(path: string): string[] {
      const methods = new Set<string>();
      const candidates = staticPaths.has(pathKey(path))
        ? matchers.filter(({ route }) => !route.path.includes(':'))
        : matchers;
      for (const { route, matches } of candidates)
        if (safeMatch(matches, path)) methods.add(route.method.toUpperCase());
      if (methods.has('GET')) methods.add('HEAD');
      return [...methods].sort();
    },
  };
}

/** Express matches paths case-insensitively and ignores one trailing slash; so do these keys. */
function pathKey(path: string): string {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.toLowerCase();
}

function staticKey(method: string, path: string): string {
  return `${method} ${pathKey(path)}`;
}

/** A malformed percent-encoding makes decodeURIComponent throw; such a path matches no route. */
function safeMatch(matches: (path: string) => unknown, path: string): boolean {
  try {
    return Boolean(matches(path));
  } catch {
    return false;
  }
}

export type RouteTable = ReturnType<typeof createRouteTable>;
