import { type AuditActor, auditActorOf } from '@travel/audit';
import type { caller as callerContract } from '@travel/contracts';
import { badRequest } from '@travel/errors';
import { requireCallerOf, requireRight } from '@travel/grpc';
import type { Holder } from '../domain/allocation';

type Wire = callerContract.Caller | undefined;

/** The right that manages each kind: its plural, as the gateway's routes name it. */
const RIGHTS: Record<string, string> = { discount: 'discounts', offer: 'offers', voucher: 'vouchers' };

/** Promotions are the platform's: its staff with the right of the kind (fail closed: anyone else refused). */
export function editorOf(wire: Wire, kind: string): AuditActor {
  const right = RIGHTS[kind];
  if (!right) throw badRequest([{ path: 'kind', message: 'must be one of discount, offer, voucher' }]);
  const staff = requireCallerOf(wire, 'platform-staff');
  requireRight(staff, right);
  return auditActorOf(staff);
}

/** Tenant staff's `mine` lists: their own tenant's allocations (right `bookings`). */
export function tenantOf(wire: Wire): string {
  const staff = requireCallerOf(wire, 'tenant-staff');
  requireRight(staff, 'bookings');
  return staff.tenantId;
}

/** A staff preview: tenant staff as their tenant (its allocations and limits), platform staff any voucher. */
export function previewHolderOf(wire: Wire): Holder | undefined {
  const staff = requireCallerOf(wire, 'platform-staff', 'tenant-staff');
  requireRight(staff, 'bookings');
  return staff.kind === 'tenant-staff' ? { tenantId: staff.tenantId } : undefined;
}

/** Redemptions are booking's to make and settle, as its own job, for the holder it names. */
export function requireBooking(wire: Wire): void {
  requireCallerOf(wire, 'internal-job');
}
