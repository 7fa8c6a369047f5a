import type { booking } from '@travel/contracts';
import type { z } from 'zod';
import type { CancellationQuote } from './partner-contract/cancellation-quotes';

/** A cancellation quote as both APIs answer it (the partner's `/api/v1` and the staff's `/api/admin/bookings`). */
export function presentCancellationQuote(
  quote: booking.CancellationQuote | undefined,
): z.infer<typeof CancellationQuote> {
  if (!quote?.expiresAt) throw new Error('booking answered a quote without its expiry');
  return {
    id: quote.id,
    bookingId: quote.bookingId,
    refundAmount: quote.refundAmount,
    penalty: quote.penalty,
    currency: 'INR',
    rule: 'full_refund_before_travel',
    expiresAt: quote.expiresAt.toISOString(),
  };
}
