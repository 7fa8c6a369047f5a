import { type AuditActor, auditEntry } from '@travel/audit';
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
 * back. Outside the scope `404`; a partner's or a customer's booking `409` (its owner cancels it). The cancel
 * carries its audit entry (`booking.cancelled_offline`) in the same update.
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
    by: AuditActor,
  ): Promise<AdminBookingRow> => {
    const row = await rowOf(id, tenantId);
    const booking = row.booking;
    if (booking.storefront || booking.clientId !== 0 || !booking.tenantId)
      throw new AppError(
        'conflict',
        `Booking ${booking.id} was made by ${booking.storefront ? 'a storefront customer' : 'an API client'}; it is cancelled there.`,
      );
    const change = {
      action: 'booking.cancelled_offline',
      target: { type: 'booking', id: booking.id },
      details: { tenantId: booking.tenantId },
    };
    const owner = { tenantId: booking.tenantId, clientId: 0, livemode: booking.livemode };
    const cancelled = await deps.cancelOwned(booking.id, owner, undefined, attempt, (at) =>
      auditEntry(by, change, at),
    );
    return { booking: cancelled, supplierId: row.supplierId };
  };

  async function rowOf(id: string, tenantId: string | undefined) {
    const [row] = BOOKING_ID.test(id) ? await deps.bookings.findByIds([id], tenantId) : [];
    if (!row?.booking) throw new AppError('not_found', `No booking ${id}.`);
    return { booking: row.booking, supplierId: row.supplierId };
  }

  /** With an `Idempotency-Key`, scoped to the staff of the tenant (or the platform's) like the create's. */
  return (request: adminBooking.CancelOfflineBookingRequest, tenantId: string | undefined, by: AuditActor) =>
    deps.cancelIdempotently(request.idempotency, `staff:${tenantId ?? 'platform'}`, {
      cancel: (attempt) => cancel(request.id, tenantId, attempt, by),
      cancelledBy: (attempt) => deps.cancelledBy(request.id, attempt),
      replay: () => rowOf(request.id, tenantId),
    });
}
