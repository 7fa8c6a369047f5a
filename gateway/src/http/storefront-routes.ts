import type { RouteDefinition } from './route-table';

/**
 * The public routes the storefront switch closes, in one place (docs/access.md, "Platform gates"): the
 * customer sign-in routes and every public read or write the storefront itself makes. Every `customer`
 * route is closed as well, whatever its path. Left open: the consoles (`/api/admin`), the partner API,
 * health and docs, and the marketing intake that is not the shop (demo requests, newsletter, the
 * WhatsApp webhook). A path matches when it is an entry or lies under one (`/api/blogs/:slug`).
 */
export const STOREFRONT_PATHS = [
  '/api/auth',
  '/api/search',
  '/api/bookings',
  '/api/wallet',
  '/api/refunds',
  '/api/profile',
  '/api/travellers',
  '/api/blogs',
  '/api/hero-slides',
  '/api/offers/b2c',
  '/api/discounts/b2c',
  '/api/vouchers/apply',
  '/api/pricing/quote',
  '/api/search-logs',
  '/api/themes',
] as const;

export function isStorefrontRoute(route: Pick<RouteDefinition, 'path' | 'access'>): boolean {
  if (route.access.kind === 'customer') return true;
  if (route.access.kind !== 'public') return false;
  return STOREFRONT_PATHS.some((path) => route.path === path || route.path.startsWith(`${path}/`));
}
