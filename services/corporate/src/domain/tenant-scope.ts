import type { identityCommon } from '@travel/contracts';
import { AppError, badRequest, isAppError } from '@travel/errors';
import type { TenantDirectory } from './audit-trail';
import type { Scope } from './directory';

export type Actor = identityCommon.Actor;

/** The gateway always sends the verified staff member; a call without one is refused. */
export function requireActor(actor: Actor | undefined): Actor {
  if (!actor?.userId) throw new AppError('unauthorized', 'The call carries no staff member.');
  return actor;
}

/** Tenant staff touch their own tenant's records only; platform staff any tenant's. */
export function scopeOf(actor: Actor): Scope {
  return actor.tenantId ? { tenantId: actor.tenantId } : {};
}

/**
 * The tenant a list reads: tenant staff their own (naming another is `not_found`, as its records are);
 * platform staff the one they name, or every tenant.
 */
export function listScope(actor: Actor, asked: string | undefined): Scope {
  if (!actor.tenantId) return asked ? { tenantId: asked } : {};
  if (asked && asked !== actor.tenantId) throw new AppError('not_found', `No tenant ${asked}.`);
  return { tenantId: actor.tenantId };
}

/** The tenant a new record belongs to: tenant staff their own; platform staff must name one. */
export function ownerOf(actor: Actor, given: string | undefined): string {
  if (actor.tenantId) {
    if (given && given !== actor.tenantId) throw new AppError('not_found', `No tenant ${given}.`);
    return actor.tenantId;
  }
  if (!given)
    throw badRequest([{ path: 'tenantId', message: 'Required: the tenant the record belongs to.' }]);
  return given;
}

/** The tenant the platform files a record under must exist in identity: `404` naming the field before anything is stored. */
export async function requireOwner(tenants: TenantDirectory, actor: Actor, owner: string): Promise<void> {
  try {
    await tenants.requireTenant(actor, owner);
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found')
      throw new AppError('not_found', `No tenant ${owner} (tenantId).`);
    throw error;
  }
}
