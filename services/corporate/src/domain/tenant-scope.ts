import type { caller } from '@travel/contracts';
import { AppError, badRequest, isAppError } from '@travel/errors';
import { type Caller, requireCallerOf, tenantScopeOf } from '@travel/grpc';
import type { Scope } from './directory';

/** The staff member behind a call, resolved from its `Caller` (docs/access.md, "Callers"). */
export type Actor = Extract<Caller, { kind: 'platform-staff' | 'tenant-staff' }>;

/** Only staff reach the corporate directory; a call without a caller, or from anyone else, is refused. */
export function requireActor(wire: caller.Caller | undefined): Actor {
  return requireCallerOf(wire, 'platform-staff', 'tenant-staff');
}

/** Tenant staff touch their own tenant's records only; platform staff any tenant's. */
export function scopeOf(actor: Actor): Scope {
  return tenantScopeOf(actor);
}

/**
 * The tenant a list reads: tenant staff their own (naming another is `not_found`, as its records are);
 * platform staff the one they name, or every tenant.
 */
export function listScope(actor: Actor, asked: string | undefined): Scope {
  if (actor.kind === 'platform-staff') return asked ? { tenantId: asked } : {};
  if (asked && asked !== actor.tenantId) throw new AppError('not_found', `No tenant ${asked}.`);
  return { tenantId: actor.tenantId };
}

/** The tenant a new record belongs to: tenant staff their own; platform staff must name one. */
export function ownerOf(actor: Actor, given: string | undefined): string {
  if (actor.kind === 'tenant-staff') {
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

/** Tenants live in identity; a platform administrator may only file records under one that exists. */
export interface TenantDirectory {
  /** `not_found` when there is no such tenant. */
  requireTenant(actor: Actor, tenantId: string): Promise<void>;
}
