import type { adminBooking } from '@travel/contracts';
import { badRequest, type FieldProblem } from '@travel/errors';
import { checkPageQuery, pageOfRows } from '@travel/paging';
import type { AdminBookingRepository, AdminBookingRow } from '../db/admin-booking.repository';
import { bookingCursors } from './cursor';

const STATUSES = ['Upcoming', 'Cancelled', 'Completed'];
const TYPES = ['flight', 'hotel', 'car'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `GET /api/admin/bookings`: the bookings a staff member may see, filtered, newest first, in cursor pages. */
export function createListAdminBookings(deps: { bookings: AdminBookingRepository }) {
  return async (
    request: adminBooking.ListAdminBookingsRequest,
    tenantId: string | undefined,
  ): Promise<{ rows: AdminBookingRow[]; nextCursor: string | undefined }> => {
    const { page, problems } = checkPageQuery(request, bookingCursors, filterProblems(request));
    if (problems.length > 0) throw badRequest(problems);
    const { limit, after: below } = page;
    const createdBefore = request.createdTo === undefined ? undefined : dayAfter(request.createdTo);
    const filter = {
      tenantId,
      status: request.status,
      type: request.type,
      livemode: request.livemode,
      dateFrom: request.dateFrom,
      dateTo: request.dateTo,
      createdFrom:
        request.createdFrom === undefined ? undefined : new Date(`${request.createdFrom}T00:00:00Z`),
      createdBefore,
    };
    const rows = await deps.bookings.list(filter, below, limit + 1);
    const { items, nextCursor } = pageOfRows(rows, limit, (last) =>
      bookingCursors.encode(last.booking.number),
    );
    return { rows: items, nextCursor };
  };
}

/** Every bad filter, named by its query parameter (one `400` with the page's own). */
function filterProblems(request: adminBooking.ListAdminBookingsRequest): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const need = (ok: boolean, path: string, message: string) => ok || problems.push({ path, message });
  need(
    request.status === undefined || STATUSES.includes(request.status),
    'status',
    `must be one of ${STATUSES.join(', ')}`,
  );
  need(
    request.type === undefined || TYPES.includes(request.type),
    'type',
    `must be one of ${TYPES.join(', ')}`,
  );
  for (const [path, value] of [
    ['dateFrom', request.dateFrom],
    ['dateTo', request.dateTo],
    ['createdFrom', request.createdFrom],
    ['createdTo', request.createdTo],
  ] as const)
    need(value === undefined || isDay(value), path, 'must be a calendar day YYYY-MM-DD');
  return problems;
}

function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(value);
}

function dayAfter(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
}
