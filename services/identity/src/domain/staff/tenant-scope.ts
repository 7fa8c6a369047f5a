import type { StaffActor } from './staff';

/**
 * The tenant a request is confined to: tenant staff to their own, platform staff to the one they ask
 * for (or none: everything). `null` when the two disagree, so nothing is visible.
 */
export function tenantScopeOf(
  actor: StaffActor,
  requested: string | undefined,
): { tenantId?: string } | null {
  const own = actor.tenantId;
  if (own && requested && requested !== own) return null;
  const tenantId = own || requested;
  return tenantId ? { tenantId } : {};
}
