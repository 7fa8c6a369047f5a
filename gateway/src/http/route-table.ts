import type { RequestHandler, Router } from 'express';
import { match } from 'path-to-regexp';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call a route; the access middleware of `createApp` read it from the matched route. */
export type RouteAccess =
  | { kind: 'public' }
  /** A partner key; `scope` null means any valid key (`GET /me`). */
  | { kind: 'partner'; scope: string | null }
  /** A staff access token; `platformOnly` refuses tenant staff, `right` is the role-menu right. */
  | { kind: 'staff'; platformOnly?: boolean; tenantOnly?: boolean; right?: string };

/** One HTTP route of the gateway. Every route is declared like this so 404/405, access and docs can see it. */
export interface RouteDefinition {
  method: HttpMethod;
  /** Express path, e.g. `/api/v1/bookings/:id`. */
  path: string;
  access: RouteAccess;
  handlers: RequestHandler[];
}

/** The gateway's known routes: registers them, finds the one a request is for, and lists a path's methods. */
export function createRouteTable(routes: RouteDefinition[]) {
  const matchers = routes.map((route) => ({
    route,
    matches: match(route.path, { decode: decodeURIComponent }),
  }));
  return {
    routes,
    register(router: Router): void {
      for (const { method, path, handlers } of routes) router[method](path, ...handlers);
    },
    /** The route Express will run for this request (HEAD is served by GET), if any. */
    find(method: string, path: string): RouteDefinition | undefined {
      const wanted = method === 'HEAD' ? 'get' : method.toLowerCase();
      return matchers.find(({ route, matches }) => route.method === wanted && safeMatch(matches, path))
        ?.route;
    },
    allowedMethods(path: string): string[] {
      const methods = new Set<string>();
      for (const { route, matches } of matchers)
        if (safeMatch(matches, path)) methods.add(route.method.toUpperCase());
      if (methods.has('GET')) methods.add('HEAD');
      return [...methods].sort();
    },
  };
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
