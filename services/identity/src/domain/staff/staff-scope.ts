import { AppError } from '@travel/errors';
import type { Role, StaffActor, StaffUser } from './staff';

/** The filter a staff member's reads and writes of users and roles carry: their tenant, or every tenant. */
export type StaffScope = { tenantId: string } | Record<string, never>;

/** Lookups with no staff caller behind them (a session's own user and role): every tenant. */
export const ANY_TENANT: StaffScope = {};

export function staffScopeOf(actor: StaffActor): StaffScope {
  return actor.tenantId ? { tenantId: actor.tenantId } : {};
}

/** Platform staff have no tenant; they see and manage every tenant's staff. */
export function isPlatformActor(actor: StaffActor): boolean {
  return !actor.tenantId;
}

/** Tenant staff see only their own tenant; whatever lies outside it does not exist for them. */
export function canSeeTenant(actor: StaffActor, tenantId: string | null): boolean {
  return isPlatformActor(actor) || tenantId === actor.tenantId;
}

/** The tenant a new user or role belongs to: platform staff choose (none = platform); tenant staff get their own. */
export function tenantForNew(actor: StaffActor, requested: string | undefined): string | null {
  if (!isPlatformActor(actor)) return actor.tenantId ?? null;
  return requested?.trim() ? requested.trim() : null;
}

/**
 * No privilege escalation: an actor grants (or touches) only rights it holds itself. Otherwise a tenant
 * administrator could mint a role above its own, or take over a more powerful account.
 */
export function assertWithinActorRights(actor: StaffActor, rights: readonly string[]): void {
  const own = new Set(actor.rights);
  const beyond = rights.filter((right) => !own.has(right));
  if (beyond.length > 0) {
    throw new AppError(
      'forbidden',
      `You cannot grant or manage rights you do not hold: ${beyond.join(', ')}.`,
    );
  }
}

export function assertNotSelf(actor: StaffActor, user: StaffUser, what: string): void {
  if (actor.userId === user.id) throw new AppError('conflict', `You cannot ${what} yourself.`);
}

export function assertChangeable(role: Role): void {
  if (role.builtIn) throw new AppError('conflict', `The built-in role "${role.name}" cannot be changed.`);
}
