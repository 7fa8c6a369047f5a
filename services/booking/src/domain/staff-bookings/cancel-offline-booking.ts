import { type AuditActor, auditEntry } from '@travel/audit';
import type { adminBooking } from '@travel/contracts';
import { AppError } from '@travel/errors';
import type { AdminBookingRow } from '../../db/admin-booking.repository';
import type { BookingRepository } from '../../db/booking.repository';
import type { createCancelOwned } from '../cancel-booking';
import type { CancelIdempotently } from '../cancel-idempotently';
import { type createGetAdminBooking, tenantOwnerOf } from './quote-admin-cancellation';

/**
 * `POST /api/admin/bookings/{id}/cancel` (docs/decisions/bookings.md "Admin bookings"): staff cancel a tenant's
 * offline booking (client 0, no storefront part) in their scope through the partner cancel's one
 * conditional update, so its `booking.cancelled` reverses the invoice line and gives a voucher's redemption
 * back. An API client's booking of the tenant only with a quote of `QuoteAdminCancellation` (the partner
 * console), checked like the partner's. Outside the scope `404`; a customer's booking, or a client's without a
 * quote, `409`. The cancel carries its audit entry (`booking.cancelled_offline`, or `booking.cancelled_by_staff`
 * for a client's booking) in the same update.
 */
export function createCancelOfflineBooking(deps: {
  getAdminBooking: ReturnType<typeof createGetAdminBooking>;
  cancelOwned: ReturnType<typeof createCancelOwned>;
  cancelledBy: BookingRepository['findCancelledBy'];
  cancelIdempotently: CancelIdempotently;
}) {
  const cancel = async (
    id: string,
    tenantId: string | undefined,
    attempt: string | undefined,
    by: AuditActor,
    quoteId: string | undefined,
  ): Promise<AdminBookingRow> => {
    const row = await deps.getAdminBooking(id, tenantId);
    const booking = row.booking;
    const byClient = !booking.storefront && booking.clientId !== 0;
    // An API client's booking only at a quote's refund (the partner console, issue 46).
    if (booking.storefront || !booking.tenantId || (byClient && quoteId === undefined))
      throw new AppError(
        'conflict',
        booking.storefront || !booking.tenantId
          ? `Booking ${booking.id} was made by a storefront customer; it is cancelled there.`
          : `Booking ${booking.id} was made by an API client; ask for a cancellation quote and name it to cancel it.`,
      );
    const change = {
      action: byClient ? 'booking.cancelled_by_staff' : 'booking.cancelled_offline',
      target: { type: 'booking', id: booking.id },
      details: { tenantId: booking.tenantId, ...(byClient ? { clientId: booking.clientId, quoteId } : {}) },
    };
    const owner = tenantOwnerOf(row);
    const cancelled = await deps.cancelOwned(booking.id, owner, quoteId, attempt, (at) =>
      auditEntry(by, change, at),
    );
    return { booking: cancelled, supplierId: row.supplierId };
  };

  /** With an `Idempotency-Key`, scoped to the staff of the tenant (or the platform's) like the create's. */
  return (request: adminBooking.CancelOfflineBookingRequest, tenantId: string | undefined, by: AuditActor) =>
    deps.cancelIdempotently(request.idempotency, `staff:${tenantId ?? 'platform'}`, {
      cancel: (attempt) => cancel(request.id, tenantId, attempt, by, request.quoteId),
      cancelledBy: (attempt) => deps.cancelledBy(request.id, attempt),
      replay: () => deps.getAdminBooking(request.id, tenantId),
    });
}
