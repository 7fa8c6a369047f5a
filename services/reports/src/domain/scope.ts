import type { caller } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { requireCallerOf } from '@travel/grpc';
import { STOREFRONT } from './facts';

/** What a platform administrator names for the bookings without a tenant (the gateway's `tenantId=storefront`). */
const STOREFRONT_NAME = 'storefront';

/**
 * The tenant filter of a report, from its caller (staff only; none: refused, docs/access.md "Callers"):
 * undefined for every tenant and the storefront; a tenant's id; or `STOREFRONT` for the bookings without a
 * tenant. Tenant staff always get their own tenant; naming another is `not_found`.
 */
export function tenantFilterOf(
  wire: caller.Caller | undefined,
  requested: string | undefined,
): string | undefined {
  const staff = requireCallerOf(wire, 'platform-staff', 'tenant-staff');
  if (staff.kind === 'tenant-staff') {
    if (requested !== undefined && requested !== staff.tenantId)
      throw new AppError('not_found', `No tenant with id ${requested}.`);
    return staff.tenantId;
  }
  return requested === STOREFRONT_NAME ? STOREFRONT : requested;
}
