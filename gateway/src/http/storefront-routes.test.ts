import type { RouteAccess } from './route-table';
import { isStorefrontRoute } from './storefront-routes';

const publicRoute = (path: string) => ({ path, access: { kind: 'public' } as RouteAccess });

describe('isStorefrontRoute', () => {
  it.each([
    '/api/auth/login',
    '/api/search/flights',
    '/api/bookings',
    '/api/bookings/:id/cancel',
    '/api/blogs/:slug',
    '/api/hero-slides',
    '/api/pricing/quote',
  ])('when a public route is %s, then the storefront switch closes it', (path) => {
    expect(isStorefrontRoute(publicRoute(path))).toBe(true);
  });

  it.each([
    '/api/search-logsx',
    '/api/demo-requests',
    '/api/newsletter/subscribe',
    '/api/webhooks/whatsapp',
    '/api/health',
    '/api/admin/auth/login',
    '/api/v1/search/flights',
  ])('when a public route is %s, then it stays open', (path) => {
    expect(isStorefrontRoute(publicRoute(path))).toBe(false);
  });

  it('when a route needs a customer token, then it is a storefront route whatever its path', () => {
    expect(isStorefrontRoute({ path: '/api/anything', access: { kind: 'customer' } })).toBe(true);
  });

  it('when a staff route lies under a storefront path, then it stays open (consoles keep working)', () => {
    expect(isStorefrontRoute({ path: '/api/hero-slides/admin', access: { kind: 'staff' } })).toBe(false);
  });
});
