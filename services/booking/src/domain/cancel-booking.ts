import type { AuditEntry } from '@travel/audit';
import type { booking } from '@travel/contracts';
import { AppError } from '@travel/errors';
import type { BookingRepository } from '../db/booking.repository';
import type { CancellationQuotes } from '../db/cancellation-quote.repository';
import { type EventsWritten, newPendingEvent } from '../db/pending-event';
import { type Booking, type Owner, todayOf } from './booking';
import type { CancelIdempotently } from './cancel-idempotently';
import { cancellationRefundOf, sameRefund } from './cancellation-refund';

export interface CancelDeps {
  bookings: BookingRepository;
  quotes: CancellationQuotes;
  now: () => Date;
  eventsWritten: EventsWritten;
}

/**
 * `POST /bookings/{id}/cancel`: only an `Upcoming` booking not yet travelled. The status and its
 * `booking.cancelled` change in one conditional update (`status: 'Upcoming'` in the filter), so of two
 * cancels (or a cancel and the completion sweeper) one lands and the other answers `409` having changed
 * nothing. Only when it does not land is the booking read, to say why. The owner is a partner's client, or
 * a tenant's staff (client 0), and is part of the update's filter: another owner's booking is `not_found`.
 * With a quote id the refund is checked first (`holdQuote`); the same conditional update then lands at most
 * once, so a quote named by many concurrent cancels still cancels once. `attempt` (an idempotent cancel's,
 * cancel-idempotently.ts) is written in the same update, and so is the audit entry `audited` makes (a staff
 * cancel's).
 */
export function createCancelOwned(deps: CancelDeps) {
  return async (
    id: string,
    owner: Owner,
    quoteId?: string,
    attempt?: string,
    audited?: (at: Date) => AuditEntry,
  ): Promise<Booking> => {
    const at = deps.now();
    if (quoteId !== undefined) await holdQuote(deps, { id, owner, quoteId, at });
    const event = newPendingEvent('booking.cancelled', at);
    const cancelled = await deps.bookings.cancel(id, owner, todayOf(at), event, attempt, audited?.(at));
    if (cancelled) {
      deps.eventsWritten(cancelled.booking, cancelled.events);
      return cancelled.booking;
    }
    const found = await deps.bookings.findOwned(id, owner);
    if (!found) throw new AppError('not_found', `No booking ${id}.`);
    if (found.status !== 'Upcoming') throw notUpcoming(found.id, found.status);
    // Travelled already; the sweeper may not have come by yet. Record it as it is.
    await deps.bookings.completePast(todayOf(at), at, found.id);
    throw notUpcoming(found.id, 'Completed');
  };
}

export function notUpcoming(id: string, status: string): AppError {
  return new AppError('conflict', `Booking ${id} is ${status}; only an Upcoming booking can be cancelled.`);
}

/**
 * A quoted cancel goes ahead only at the quoted refund: the quote must be the owner's, of this booking and
 * unexpired, and the refund rule must give the same answer now. The rule reads only the status, the travel
 * date and the amount; the cancel's filter pins the first two and the amount never changes, so the refund
 * checked here is the one the update applies.
 */
async function holdQuote(
  deps: CancelDeps,
  request: { id: string; owner: Owner; quoteId: string; at: Date },
): Promise<void> {
  const { id, owner, quoteId, at } = request;
  const quote = await deps.quotes.findOwned(quoteId, owner);
  if (!quote || quote.bookingId !== id)
    throw new AppError('quote_invalid', `${quoteId} is not a cancellation quote of ${id}.`);
  if (quote.expiresAt <= at)
    throw new AppError(
      'quote_expired',
      `${quoteId} expired at ${quote.expiresAt.toISOString()}; ask for a new one.`,
    );
  const found = await deps.bookings.findOwned(id, owner);
  if (!found) throw new AppError('not_found', `No booking ${id}.`);
  const refund = cancellationRefundOf(found, at);
  if (refund && !sameRefund(refund, quote.refund))
    throw new AppError(
      'refund_changed',
      `The refund of ${id} is now ${refund.amount} ${refund.currency} (${refund.rule}), not the quoted ${quote.refund.amount}.`,
    );
}

/**
 * A partner's `POST /bookings/{id}/cancel`, with an optional `Idempotency-Key` scoped to the client in its
 * environment: a retry of a cancel that landed answers the cancelled booking again.
 */
export function createCancelBooking(deps: {
  cancelOwned: ReturnType<typeof createCancelOwned>;
  bookings: BookingRepository;
  cancelIdempotently: CancelIdempotently;
}) {
  return (request: booking.CancelBookingRequest, owner: Owner) =>
    deps.cancelIdempotently(request.idempotency, `${owner.clientId}:${owner.livemode ? 'live' : 'test'}`, {
      cancel: (attempt) => deps.cancelOwned(request.id, owner, request.quoteId, attempt),
      cancelledBy: (attempt) => deps.bookings.findCancelledBy(request.id, attempt),
      replay: async (cancelled) => cancelled,
    });
}
