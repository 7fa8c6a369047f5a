import type { adminBooking } from '@travel/contracts';
import { badRequest } from '@travel/errors';

/**
 * The bookings platform staff ask for: undefined for every booking; a tenant's id; `''` for the storefront's
 * (customers' bookings have no tenant). Tenant staff are held to their own tenant instead (grpc/callers.ts).
 */
export function askedTenantOf(scope: adminBooking.AdminBookingScope | undefined): string | undefined {
  if (!scope) throw badRequest([{ path: 'scope', message: 'is required' }]);
  return scope.all ? undefined : scope.tenantId;
}
