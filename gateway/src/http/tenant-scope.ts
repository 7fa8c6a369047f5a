import { AppError } from '@travel/errors';
import type { Response } from 'express';
import type { ServiceClients } from '../clients/service-clients';
import { requireTenant } from './references';
import { staffOf } from './request-context';

/** What a platform administrator passes as `tenantId` for the storefront's (customers', no tenant) records. */
export const STOREFRONT_SCOPE = 'storefront';

/** Whose records a staff call reaches: everyone's (`all`), one tenant's, or (`tenantId` '') the storefront's. */
export interface TenantScope {
  all: boolean;
  tenantId: string;
}

/**
 * The tenant a staff call acts on (docs/access.md, "Callers"): tenant staff their own (another tenant's
 * id is `404`); the platform everyone, one tenant (`404` when identity knows none) or, where the route has
 * them, the storefront's records (`tenantId=storefront`).
 */
export async function tenantScopeOf(
  clients: ServiceClients,
  res: Response,
  tenantId: string | undefined,
  options: { storefront: boolean } = { storefront: true },
): Promise<TenantScope> {
  const staff = staffOf(res);
  if (staff.tenantId !== null) {
    if (tenantId !== undefined && tenantId !== staff.tenantId)
      throw new AppError('not_found', `No tenant ${tenantId} (tenantId).`);
    return { all: false, tenantId: staff.tenantId };
  }
  if (tenantId === undefined) return { all: true, tenantId: '' };
  if (tenantId === STOREFRONT_SCOPE && options.storefront) return { all: false, tenantId: '' };
  await requireTenant(clients, res, tenantId);
  return { all: false, tenantId };
}

/**
 * The same rule for records a tenant or the platform owns: the tenant acted on, or `undefined` when the platform
 * names none (its own records).
 */
export async function tenantInScope(
  clients: ServiceClients,
  res: Response,
  requested: string | undefined,
): Promise<string | undefined> {
  const scope = await tenantScopeOf(clients, res, requested, { storefront: false });
  return scope.all ? undefined : scope.tenantId;
}
