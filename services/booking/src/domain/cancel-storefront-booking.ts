import type { storefrontBooking } from '@travel/contracts';
import { AppError } from '@travel/errors';
import type { BookingRepository } from '../db/booking.repository';
import { type EventsWritten, newPendingEvent } from '../db/pending-event';
import type { StorefrontBookingRepository } from '../db/storefront-booking.repository';
import { type Booking, todayOf } from './booking';
import { notUpcoming } from './cancel-booking';
import type { CancelIdempotently } from './cancel-idempotently';
import type { SettleStorefrontBooking } from './settle-storefront-booking';

export interface CancelStorefrontDeps {
  bookings: BookingRepository;
  cancelIdempotently: CancelIdempotently;
  storefront: StorefrontBookingRepository;
  settle: SettleStorefrontBooking;
  now: () => Date;
  eventsWritten: EventsWritten;
}

/**
 * A customer's `POST /api/bookings/:id/cancel`: only an `Upcoming` booking not yet travelled, as for
 * partners (one conditional update with `booking.cancelled`), with its refund decided in the same update:
 * refundable if the offer allows it (flights `refundable`) and, for hotels and cars, until the day before
 * `date`. The refund itself is billing's (idempotent on the booking), recorded on the booking; a crash in
 * between is finished by a retried cancel or the settler. With an `Idempotency-Key` (the customer's), a retry of
 * a cancel that landed answers it again (its refund finished first).
 */
export function createCancelStorefrontBooking(deps: CancelStorefrontDeps) {
  const cancel = async (
    request: storefrontBooking.CancelStorefrontBookingRequest,
    customerId: string,
    requestId: string,
    attempt: string | undefined,
  ): Promise<Booking> => {
    const found = await deps.storefront.findOwned(request.id, customerId);
    const part = found?.storefront;
    if (!found || !part) throw new AppError('not_found', `No booking ${request.id}.`);
    // A cancel whose refund was interrupted: asking again finishes it.
    if (part.refund?.pending) return deps.settle(found, requestId);
    const at = deps.now();
    const today = todayOf(at);
    const refundable = part.refundableOffer && (found.type === 'flight' || today < found.date);
    const event = newPendingEvent('booking.cancelled', at);
    const cancelled = await deps.storefront.cancel(found.id, customerId, today, refundable, event, attempt);
    if (cancelled) {
      deps.eventsWritten(cancelled.booking, cancelled.events);
      return deps.settle(cancelled.booking, requestId);
    }
    const now = await deps.storefront.findOwned(found.id, customerId);
    if (now && now.status !== 'Upcoming') throw notUpcoming(found.id, now.status);
    // Travelled already; the sweeper may not have come by yet. Record it as it is.
    await deps.bookings.completePast(today, at, found.id);
    throw notUpcoming(found.id, 'Completed');
  };
  return (request: storefrontBooking.CancelStorefrontBookingRequest, customerId: string, requestId: string) =>
    deps.cancelIdempotently(request.idempotency, `customer:${customerId}`, {
      cancel: (attempt) => cancel(request, customerId, requestId, attempt),
      cancelledBy: (attempt) => deps.bookings.findCancelledBy(request.id, attempt),
      replay: (cancelled) => deps.settle(cancelled, requestId),
    });
}
