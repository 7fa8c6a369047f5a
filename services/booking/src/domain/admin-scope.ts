import type { adminBooking } from '@travel/contracts';
import { badRequest } from '@travel/errors';

/**
 * The tenant filter of a staff call: undefined for every booking; a tenant's id; `''` for the storefront's
 * (customers' bookings have no tenant). The gateway decides what a staff member may ask.
 */
export function tenantFilterOf(scope: adminBooking.AdminBookingScope | undefined): string | undefined {
  if (!scope) throw badRequest([{ path: 'scope', message: 'is required' }]);
  return scope.all ? undefined : scope.tenantId;
}
