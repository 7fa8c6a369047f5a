import type { adminBooking } from '@travel/contracts';
import { AppError } from '@travel/errors';
import type { AdminBookingRepository, AdminBookingRow } from '../db/admin-booking.repository';
import type { BookingRepository } from '../db/booking.repository';
import type { createCancelOwned } from './cancel-booking';
import type { CancelIdempotently } from './cancel-idempotently';

const BOOKING_ID = /^bkg_[0-9]{1,15}$/;

/**
 * `POST /api/admin/bookings/{id}/cancel` (docs/decisions/bookings.md "Admin bookings"): staff cancel a tenant's
 * offline booking (client 0, no storefront part) in their scope through the partner cancel's one
 * conditional update, so its `booking.cancelled` reverses the invoice line and gives a voucher's redemption
 * back. Outside the scope `404`; a partner's or a customer's booking `409` (its owner cancels it).
 */
export function createCancelOfflineBooking(deps: {
  bookings: AdminBookingRepository;
  cancelOwned: ReturnType<typeof createCancelOwned>;
  cancelledBy: BookingRepository['findCancelledBy'];
  cancelIdempotently: CancelIdempotently;
}) {
  const cancel = async (
    id: string,
    tenantId: string | undefined,
    attempt: string | undefined,
  ): Promise<AdminBookingRow> => {
    const row = await rowOf(id, tenantId);
    const booking = row.booking;
    if (booking.storefront || booking.clientId !== 0 || !booking.tenantId)
      throw new AppError(
        'conflict',
        `Booking ${booking.id} was made by ${booking.storefront ? 'a storefront customer' : 'an API client'}; it is cancelled there.`,
      );
    const cancelled = await deps.cancelOwned(
      booking.id,
      { tenantId: booking.tenantId, clientId: 0, livemode: booking.livemode },
      undefined,
      attempt,
    );
    return { booking: cancelled, supplierId: row.supplierId };
  };

  async function rowOf(id: string, tenantId: string | undefined) {
    const [row] = BOOKING_ID.test(id) ? await deps.bookings.findByIds([id], tenantId) : [];
    if (!row?.booking) throw new AppError('not_found', `No booking ${id}.`);
    return { booking: row.booking, supplierId: row.supplierId };
  }

  /** With an `Idempotency-Key`, scoped to the staff of the tenant (or the platform's) like the create's. */
  return (request: adminBooking.CancelOfflineBookingRequest, tenantId: string | undefined) =>
    deps.cancelIdempotently(request.idempotency, `staff:${tenantId ?? 'platform'}`, {
      cancel: (attempt) => cancel(request.id, tenantId, attempt),
      cancelledBy: (attempt) => deps.cancelledBy(request.id, attempt),
      replay: () => rowOf(request.id, tenantId),
    });
}
