import type { wallet } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { newEventId } from '@travel/events';
import type { Logger } from '@travel/logger';
import type { Counters } from '@travel/mongo';
import type { StorefrontPayments } from '../db/storefront-payment.repository';
import type { WalletEntries } from '../db/wallet-entry.repository';
import { bookingNumberOf, type Refund } from './wallet';

export interface RefundBookingDeps {
  payments: StorefrontPayments;
  entries: WalletEntries;
  counters: Counters;
  now: () => Date;
  /** A payment or refund with an event was stored: the relay should look now. */
  eventsWritten: () => void;
  logger: Logger;
}

/**
 * Refunds a cancelled storefront booking once, to the wallet at once: everything paid (wallet share and
 * charge) when refundable, else a refund of 0 `not_refundable`. Two writes, each idempotent: the credit
 * (ledger key `refund:<id>`), then the refund on the payment (set only while none is, with its
 * `refund.completed`). A crash between them leaves the credit; the retry finds it and sets the same refund.
 */
export function createRefundBooking(deps: RefundBookingDeps) {
  return async (request: wallet.RefundBookingRequest): Promise<Refund> => {
    const payment = await deps.payments.find(request.bookingId, request.customerId);
    if (!payment) throw new AppError('not_found', `No payment of ${request.bookingId} to refund.`);
    if (payment.refund) return payment.refund;
    const at = deps.now();
    // At most what was paid: the refund is the payment's own figures, never a sum from the request.
    const amount = request.refundable ? payment.walletPaid + payment.charged : 0;
    if (amount > 0)
      await deps.entries.append(
        payment.customerId,
        `refund:${payment.bookingId}`,
        () => ({ type: 'credit', reason: 'refund', amount, bookingId: payment.bookingId, note: null }),
        at,
      );
    const refund: Refund = {
      id: `rfd_${bookingNumberOf(payment.bookingId)}`,
      bookingId: payment.bookingId,
      amount,
      status: amount > 0 ? 'completed' : 'not_refundable',
      n: await deps.counters.next('refund'),
      createdAt: at,
    };
    const event =
      refund.status === 'completed'
        ? { id: newEventId(), type: 'refund.completed' as const, occurredAt: at }
        : null;
    const set = await deps.payments.setRefund(payment.bookingId, payment.customerId, refund, event);
    if (set) {
      if (event) deps.eventsWritten();
      deps.logger.info({ bookingId: refund.bookingId, amount, status: refund.status }, 'storefront refund');
      return set;
    }
    // Another call set it first (with the same amount: both come from the payment).
    const again = await deps.payments.find(request.bookingId, request.customerId);
    if (!again?.refund) throw new Error(`refund of ${request.bookingId} collided but cannot be read`);
    return again.refund;
  };
}
