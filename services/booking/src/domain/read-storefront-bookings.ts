import type { storefrontBooking } from '@travel/contracts';
import { AppError } from '@travel/errors';
import type { StorefrontBookingRepository } from '../db/storefront-booking.repository';
import type { Booking } from './booking';
import { pageOfBookings } from './read-bookings';

/** A customer's booking; another customer's (or a partner's) is `not_found`, like none. */
export function createGetStorefrontBooking(deps: { storefront: StorefrontBookingRepository }) {
  return async (id: string, customerId: string): Promise<Booking> => {
    const found = await deps.storefront.findOwned(id, customerId);
    if (!found) throw new AppError('not_found', `No booking ${id}.`);
    return found;
  };
}

/** A customer's bookings, newest first, below the cursor's booking number (the partner list's cursor). */
export function createListStorefrontBookings(deps: { storefront: StorefrontBookingRepository }) {
  return async (request: storefrontBooking.ListStorefrontBookingsRequest, customerId: string) => {
    return pageOfBookings(request, (below, limit) => deps.storefront.listOwned(customerId, below, limit));
  };
}
