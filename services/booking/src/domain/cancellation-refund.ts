import type { Booking } from './booking';
import { todayOf } from './booking';

/** What a cancel refunds and why: the same answer for a quote and for the cancel that names it. */
export interface CancellationRefund {
  /** Whole rupees credited to the tenant (billing reverses the booking's invoice line). */
  amount: number;
  /** Whole rupees kept back; `amount + penalty` is what the booking cost. */
  penalty: number;
  currency: 'INR';
  rule: CancellationRule;
}

/** `full_refund_before_travel`: an `Upcoming` booking cancelled before its travel date costs nothing. */
export type CancellationRule = 'full_refund_before_travel';

/**
 * The one refund rule of partner cancellations, used by `QuoteCancellation` and by a cancel with a quote:
 * null when the booking cannot be cancelled at all (not `Upcoming`, or its travel date has passed), which is
 * exactly what the cancel's conditional update refuses. A new rule (fare penalties) goes here and nowhere else.
 */
export function cancellationRefundOf(booking: Booking, now: Date): CancellationRefund | null {
  if (booking.status !== 'Upcoming' || booking.date < todayOf(now)) return null;
  return {
    amount: booking.amount,
    penalty: 0,
    currency: booking.currency,
    rule: 'full_refund_before_travel',
  };
}

export function sameRefund(a: CancellationRefund, b: CancellationRefund): boolean {
  return a.amount === b.amount && a.penalty === b.penalty && a.currency === b.currency && a.rule === b.rule;
}
