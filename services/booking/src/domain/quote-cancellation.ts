import { randomBytes } from 'node:crypto';
import { AppError } from '@travel/errors';
import type { BookingRepository } from '../db/booking.repository';
import type { CancellationQuote, CancellationQuotes } from '../db/cancellation-quote.repository';
import type { Owner } from './booking';
import { notUpcoming } from './cancel-booking';
import { cancellationRefundOf } from './cancellation-refund';

export interface QuoteCancellationDeps {
  bookings: BookingRepository;
  quotes: CancellationQuotes;
  now: () => Date;
  /** How long a cancel may name the quote (`CANCELLATION_QUOTE_TTL_SECONDS`). */
  ttlSeconds: number;
}

/**
 * `POST /bookings/{id}/cancellation-quote`: what a cancel of the owner's booking would refund now, by the
 * cancel's own rule, kept as a quote a cancel may name until it expires. Another owner's booking is
 * `not_found`; one that cannot be cancelled is `conflict`, as the cancel would answer. Nothing else changes.
 */
export function createQuoteCancellation(deps: QuoteCancellationDeps) {
  return async (id: string, owner: Owner): Promise<CancellationQuote> => {
    const at = deps.now();
    const booking = await deps.bookings.findOwned(id, owner);
    if (!booking) throw new AppError('not_found', `No booking ${id}.`);
    const refund = cancellationRefundOf(booking, at);
    if (!refund) throw notUpcoming(booking.id, booking.status === 'Upcoming' ? 'Completed' : booking.status);
    const quote: CancellationQuote = {
      id: `cqt_${randomBytes(16).toString('base64url')}`,
      bookingId: booking.id,
      refund,
      expiresAt: new Date(at.getTime() + deps.ttlSeconds * 1000),
    };
    await deps.quotes.insert(quote, owner, at);
    return quote;
  };
}
