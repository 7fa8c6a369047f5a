import type { RouteDefinition } from '../http/route-table';
import type { TagOf } from '../openapi/tags';

/**
 * The internal document's tags: one per console and the storefront, plus the families that stand alone
 * (their order and one-line descriptions: the top-level `tags` of internal.texts.yaml). A staff route's
 * console is who its access rule lets in, so the tag cannot drift from the rule the gateway enforces
 * (docs/decisions/openapi-tags.md).
 */
export const INTERNAL_TAGS = {
  health: 'Health',
  staffSignIn: 'Staff sign-in',
  platformConsole: 'Platform console',
  tenantConsole: 'Tenant console',
  bothConsoles: 'Both consoles',
  customerSignIn: 'Customer sign-in',
  storefront: 'Storefront',
  providerWebhooks: 'Provider webhooks',
} as const;

type InternalTag = (typeof INTERNAL_TAGS)[keyof typeof INTERNAL_TAGS];

/** The platform's own public routes (health.routes.ts, jwks.routes.ts, docs.routes.ts), by internal path. */
const HEALTH_PATHS = new Set(['/health', '/ready', '/.well-known/jwks.json', '/openapi.json', '/docs']);

/** The family of one internal route, by its path (`/api` left off) and its access rule. */
export function internalTagOfRoute(path: string, route: RouteDefinition): InternalTag | undefined {
  if (HEALTH_PATHS.has(path)) return INTERNAL_TAGS.health;
  if (path.startsWith('/admin/auth/')) return INTERNAL_TAGS.staffSignIn;
  if (path.startsWith('/auth/')) return INTERNAL_TAGS.customerSignIn;
  // Called by payment gateways and the messaging provider, each proven by its signature.
  if (path.startsWith('/webhooks/')) return INTERNAL_TAGS.providerWebhooks;
  const { access } = route;
  if (access.kind === 'staff') {
    if (access.platformOnly) return INTERNAL_TAGS.platformConsole;
    if (access.tenantOnly) return INTERNAL_TAGS.tenantConsole;
    return INTERNAL_TAGS.bothConsoles;
  }
  if (access.kind === 'customer' || access.kind === 'public') return INTERNAL_TAGS.storefront;
  return undefined;
}

/** Tags each internal operation by the gateway route that serves it (`/api` + its path). */
export function internalTagOf(routes: RouteDefinition[]): TagOf {
  const byKey = new Map(routes.map((route) => [`${route.method} ${route.path}`, route]));
  return ({ method, path }) => {
    const route = byKey.get(`${method} /api${path.replace(/\{(\w+)\}/g, ':$1')}`);
    return route && internalTagOfRoute(path, route);
  };
}
