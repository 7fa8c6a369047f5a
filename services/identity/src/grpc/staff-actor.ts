import type { caller } from '@travel/contracts';
import { type Caller, requireCallerOf, requireRight } from '@travel/grpc';
import type { StaffActor } from '../domain/staff/staff';

type Staff = Extract<Caller, { kind: 'platform-staff' | 'tenant-staff' }>;

/**
 * The staff member behind an administrative call, resolved from its `Caller` once at the edge: a call without
 * one, or from anyone but staff, is refused (PERMISSION_DENIED, docs/access.md "Callers").
 */
export function requireStaff(wire: caller.Caller | undefined): StaffActor {
  return actorOf(requireCallerOf(wire, 'platform-staff', 'tenant-staff'));
}

/** The same, for a method the gateway opens to holders of `right` only: identity checks it too. */
export function requireStaffWith(wire: caller.Caller | undefined, right: string): StaffActor {
  const staff = requireCallerOf(wire, 'platform-staff', 'tenant-staff');
  requireRight(staff, right);
  return actorOf(staff);
}

/** A method both consoles use: platform staff need one right, tenant staff another (their own console's). */
export function requireConsoleStaff(
  wire: caller.Caller | undefined,
  rights: { platform: string; tenant: string },
): StaffActor {
  const staff = requireCallerOf(wire, 'platform-staff', 'tenant-staff');
  requireRight(staff, staff.kind === 'platform-staff' ? rights.platform : rights.tenant);
  return actorOf(staff);
}

function actorOf(staff: Staff): StaffActor {
  return {
    userId: staff.userId,
    email: staff.email,
    tenantId: staff.kind === 'tenant-staff' ? staff.tenantId : undefined,
    rights: [...staff.rights],
    ip: staff.audit.ip,
    requestId: staff.audit.requestId,
  };
}
