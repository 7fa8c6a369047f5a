import { AppError } from '@travel/errors';
import type { AdminBookingRepository, AdminBookingRow } from '../../db/admin-booking.repository';
import type { CancellationQuote } from '../../db/cancellation-quote.repository';
import type { Owner } from '../booking';
import type { createQuoteCancellation } from '../quote-cancellation';

const BOOKING_ID = /^bkg_[0-9]{1,15}$/;

/** One booking in the staff member's tenant filter (undefined: any), with its people; else `not_found`. */
export function createGetAdminBooking(deps: { bookings: AdminBookingRepository }) {
  return async (id: string, tenantId: string | undefined): Promise<AdminBookingRow> => {
    const [row] = BOOKING_ID.test(id) ? await deps.bookings.findByIds([id], tenantId) : [];
    if (!row?.booking) throw new AppError('not_found', `No booking ${id}.`);
    return row;
  };
}

/**
 * The owner a tenant's booking is cancelled as, by staff: its own (the API client and mode that booked it, or the
 * tenant's staff, client 0, for an offline one), so a quote and a cancel act in the same scope as the partner's.
 * A storefront customer's booking is cancelled by its customer (`conflict`).
 */
export function tenantOwnerOf(row: AdminBookingRow): Owner {
  const { booking } = row;
  if (booking.storefront || !booking.tenantId)
    throw new AppError(
      'conflict',
      `Booking ${booking.id} was made by a storefront customer; it is cancelled there.`,
    );
  return { tenantId: booking.tenantId, clientId: booking.clientId, livemode: booking.livemode };
}

/**
 * The partner console's cancellation quote (issue 46): what cancelling one of the tenant's bookings would refund
 * now, kept under the booking's own owner so the staff cancel that names it checks it like the partner's.
 */
export function createQuoteAdminCancellation(deps: {
  getAdminBooking: ReturnType<typeof createGetAdminBooking>;
  quoteCancellation: ReturnType<typeof createQuoteCancellation>;
}) {
  return async (id: string, tenantId: string | undefined): Promise<CancellationQuote> => {
    const row = await deps.getAdminBooking(id, tenantId);
    return deps.quoteCancellation(row.booking.id, tenantOwnerOf(row));
  };
}
