import { type AuditActor, auditEntry } from '@travel/audit';
import type { adminBooking } from '@travel/contracts';
import { badRequest, type FieldProblem } from '@travel/errors';
import type { AdminBookingRepository, AdminBookingRow } from '../db/admin-booking.repository';
import { todayOf } from './booking';

const MAX_BOOKINGS = 100;
const BOOKING_ID = /^bkg_[0-9]{1,15}$/;

export interface AssignSupplierResult {
  assigned: AdminBookingRow[];
  skipped: adminBooking.SkippedBooking[];
}

/**
 * `PUT /api/admin/bookings/assign-supplier`: one conditional update sets the supplier of the named bookings
 * that are upcoming (travel date not passed); a read-back tells each booking's outcome. Assigning again
 * (the same or another supplier) replaces the supplier; an unknown id or a closed booking is skipped, named.
 * Each booking's update carries its own audit entry (`booking.supplier_assigned`).
 */
export function createAssignSupplier(deps: { bookings: AdminBookingRepository; now: () => Date }) {
  return async (
    request: adminBooking.AssignSupplierRequest,
    by: AuditActor,
  ): Promise<AssignSupplierResult> => {
    const ids = checked(request);
    const at = deps.now();
    const details = { supplierId: request.supplierId };
    const entryOf = (id: string) =>
      auditEntry(by, { action: 'booking.supplier_assigned', target: { type: 'booking', id }, details }, at);
    await deps.bookings.assignSupplier(ids, request.supplierId, todayOf(at), entryOf);
    // Platform staff only: every tenant's bookings.
    const byId = new Map((await deps.bookings.findByIds(ids, undefined)).map((row) => [row.booking.id, row]));
    const result: AssignSupplierResult = { assigned: [], skipped: [] };
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) result.skipped.push({ id, reason: 'not_found' });
      else if (row.supplierId === request.supplierId && row.booking.status === 'Upcoming')
        result.assigned.push(row);
      else result.skipped.push({ id, reason: 'not_upcoming' });
    }
    return result;
  };
}

/** 1 to 100 distinct booking ids and a supplier id, or one `400` naming each problem. */
function checked(request: adminBooking.AssignSupplierRequest): string[] {
  const problems: FieldProblem[] = [];
  if (request.bookingIds.length < 1 || request.bookingIds.length > MAX_BOOKINGS)
    problems.push({ path: 'bookingIds', message: `must list 1 to ${MAX_BOOKINGS} booking ids` });
  request.bookingIds.forEach((id, i) => {
    if (!BOOKING_ID.test(id)) problems.push({ path: `bookingIds.${i}`, message: 'is not a booking id' });
  });
  if (!request.supplierId.trim()) problems.push({ path: 'supplierId', message: 'is required' });
  if (problems.length > 0) throw badRequest(problems);
  return [...new Set(request.bookingIds)];
}
