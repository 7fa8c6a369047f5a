import type { booking } from '@travel/contracts';
import { AppError, badRequest } from '@travel/errors';
import type { BookingRepository } from '../db/booking.repository';
import type { Booking, Owner } from './booking';
import { decodeCursor, encodeCursor } from './cursor';

export interface ReadDeps {
  bookings: BookingRepository;
}

export const MAX_PAGE = 100;

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
  if (!Number.isInteger(request.limit) || request.limit < 1 || request.limit > MAX_PAGE)
    throw badRequest([{ path: 'limit', message: `must be an integer from 1 to ${MAX_PAGE}` }]);
  const below = request.cursor === undefined ? undefined : decodeCursor(request.cursor);
  const rows = await listBelow(below, request.limit + 1);
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  return {
    bookings: page,
    nextCursor: rows.length > request.limit && last ? encodeCursor(last.number) : undefined,
  };
}
