import type { booking } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { pageOfRows, readPageQuery } from '@travel/paging';
import type { BookingRepository } from '../db/booking.repository';
import type { Booking, Owner } from './booking';
import { bookingCursors } from './cursor';

export interface ReadDeps {
  bookings: BookingRepository;
}

/** `GET /bookings/{id}`: another client's, tenant's or environment's booking is `not_found`, like none. */
export function createGetBooking(deps: ReadDeps) {
  return async (id: string, owner: Owner): Promise<Booking> => {
    const found = await deps.bookings.findOwned(id, owner);
    if (!found) throw new AppError('not_found', `No booking ${id}.`);
    return found;
  };
}

/**
 * `GET /bookings`: newest first, keyed on the booking number. A page continues strictly below the last
 * number shown, so bookings made meanwhile (higher numbers) neither repeat nor push others out.
 */
export function createListBookings(deps: ReadDeps) {
  return async (request: booking.ListBookingsRequest, owner: Owner) => {
    return pageOfBookings(request, (below, limit) => deps.bookings.listOwned(owner, below, limit));
  };
}

/** One page of an owner's bookings, newest first: the limit checked, the cursor decoded and issued. */
export async function pageOfBookings(
  request: { limit: number; cursor?: string | undefined },
  listBelow: (beforeNumber: number | undefined, limit: number) => Promise<Booking[]>,
): Promise<{ bookings: Booking[]; nextCursor: string | undefined }> {
  const { limit, after: below } = readPageQuery(request, bookingCursors);
  const rows = await listBelow(below, limit + 1);
  const { items, nextCursor } = pageOfRows(rows, limit, (last) => bookingCursors.encode(last.number));
  return { bookings: items, nextCursor };
}
