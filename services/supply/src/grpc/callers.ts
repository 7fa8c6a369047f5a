import type { caller as callerContract } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { requireCallerOf, requireRight } from '@travel/grpc';

type Wire = callerContract.Caller | undefined;

/** Suppliers are the platform's directory: changed by its staff with the right `suppliers`. */
export function supplierEditorOf(wire: Wire): string {
  const staff = requireCallerOf(wire, 'platform-staff');
  requireRight(staff, 'suppliers');
  return staff.userId;
}

/** Any staff member (the supplier list every desk picks from). */
export function anyStaffOf(wire: Wire) {
  return requireCallerOf(wire, 'platform-staff', 'tenant-staff');
}

/** Whose vendors and policies a call reaches: the tenant (absent: the platform's own) or every owner. */
export interface OwnerScope {
  tenantId: string | undefined;
  everyOwner: boolean;
  userId: string;
}

/**
 * Tenant staff reach their own tenant's records, whatever the request names (another tenant is `not_found`,
 * as at the gateway); platform staff the tenant they name, the platform's own, or (asking) every owner's.
 */
export function ownerScopeOf(wire: Wire, asked: string | undefined, everyOwner: boolean): OwnerScope {
  const staff = anyStaffOf(wire);
  if (staff.kind === 'platform-staff') return { tenantId: asked, everyOwner, userId: staff.userId };
  if (asked !== undefined && asked !== staff.tenantId)
    throw new AppError('not_found', `No tenant with id ${asked}.`);
  return { tenantId: staff.tenantId, everyOwner: false, userId: staff.userId };
}
