import type { RequestHandler, Router } from 'express';
import { match } from 'path-to-regexp';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One HTTP route of the gateway. Every route is declared like this so 404/405 and docs can see it. */
export interface RouteDefinition {
  method: HttpMethod;
  /** Express path, e.g. `/api/v1/bookings/:id`. */
  path: string;
  handlers: RequestHandler[];
}

/** The gateway's known routes: registers them on a router and answers "which methods does this path allow?". */
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
    allowedMethods(path: string): string[] {
      const methods = new Set<string>();
      for (const { route, matches } of matchers) if (matches(path)) methods.add(route.method.toUpperCase());
      if (methods.has('GET')) methods.add('HEAD');
      return [...methods].sort();
    },
  };
}

export type RouteTable = ReturnType<typeof createRouteTable>;
