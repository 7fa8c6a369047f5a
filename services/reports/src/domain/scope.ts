import type { reports } from '@travel/contracts';
import { AppError } from '@travel/errors';

/**
 * The tenant filter of a report: undefined for every tenant and the storefront; a tenant's id; or `''`
 * (`STOREFRONT`) for the bookings without a tenant. The gateway decides what a caller may ask.
 */
export function tenantFilterOf(scope: reports.TenantScope | undefined): string | undefined {
  if (!scope)
    throw new AppError('bad_request', 'The call names no tenant scope.', [
      { path: 'scope', message: 'is required' },
    ]);
  return scope.all ? undefined : scope.tenantId;
}
