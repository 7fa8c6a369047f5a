import type { wallet } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { newEventId } from '@travel/events';
import type { Logger } from '@travel/logger';
import type { Counters } from '@travel/mongo';
import type { StorefrontPayments } from '../db/storefront-payment.repository';
import type { WalletEntries } from '../db/wallet-entry.repository';
import { toPaise } from './payment-provider';
import type { PaymentProviders } from './payment-providers';
import { bookingNumberOf, type CardRefund, type Refund, type StorefrontPayment } from './wallet';

export interface RefundBookingDeps {
  payments: StorefrontPayments;
  entries: WalletEntries;
  counters: Counters;
  providers: PaymentProviders;
  now: () => Date;
  /** A payment or refund with an event was stored: the relay should look now. */
  eventsWritten: () => void;
  logger: Logger;
}

/**
 * Refunds a cancelled storefront booking once: everything paid when refundable, else a refund of 0
 * `not_refundable`. The wallet's share goes back to the wallet at once, a card charge back to the card
 * through its provider (a simulated charge, which moved no money, to the wallet as before). Three steps,
 * each idempotent: the credit (ledger key `refund:<id>`), the provider's refund (idempotency key
 * `refund:<id>`), then the refund on the payment (set only while none is, with its `refund.completed`). A
 * crash between them is finished by the retry, which repeats the earlier steps to the same effect.
 */
export function createRefundBooking(deps: RefundBookingDeps) {
  return async (request: wallet.RefundBookingRequest): Promise<Refund> => {
    const payment = await deps.payments.find(request.bookingId, request.customerId);
    if (!payment) throw new AppError('not_found', `No payment of ${request.bookingId} to refund.`);
    if (payment.refund) return payment.refund;
    const at = deps.now();
    // At most what was paid: the refund is the payment's own figures, never a sum from the request.
    const { walletAmount, cardAmount } = request.refundable
      ? partsOf(payment)
      : { walletAmount: 0, cardAmount: 0 };
    const amount = walletAmount + cardAmount;
    if (walletAmount > 0)
      await deps.entries.append(
        payment.customerId,
        `refund:${payment.bookingId}`,
        () => ({
          type: 'credit',
          reason: 'refund',
          amount: walletAmount,
          bookingId: payment.bookingId,
          note: null,
        }),
        at,
      );
    const card = cardAmount > 0 ? await refundCard(payment, cardAmount) : null;
    const refund: Refund = {
      id: `rfd_${bookingNumberOf(payment.bookingId)}`,
      bookingId: payment.bookingId,
      amount,
      status: amount > 0 ? 'completed' : 'not_refundable',
      walletAmount,
      cardAmount,
      card,
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
      deps.logger.info(
        { bookingId: refund.bookingId, amount, walletAmount, cardAmount, status: refund.status },
        'storefront refund',
      );
      return set;
    }
    // Another call set it first (with the same amount: both come from the payment).
    const again = await deps.payments.find(request.bookingId, request.customerId);
    if (!again?.refund) throw new Error(`refund of ${request.bookingId} collided but cannot be read`);
    return again.refund;
  };

  async function refundCard(payment: StorefrontPayment, cardAmount: number): Promise<CardRefund> {
    const provider = await deps.providers.ofPayment(payment);
    const made = await provider.refund({
      paymentReference: payment.gatewayReference ?? '',
      amount: toPaise(cardAmount),
      idempotencyKey: `refund:${payment.bookingId}`,
    });
    return { provider: 'stripe', reference: made.reference, status: made.status };
  }
}

/** What goes back where: a card charge to the card, unless the simulator made it (it moved no money). */
function partsOf(payment: StorefrontPayment): { walletAmount: number; cardAmount: number } {
  if (payment.status !== 'captured') return { walletAmount: 0, cardAmount: 0 };
  const toCard = payment.charged > 0 && payment.provider === 'stripe';
  return {
    walletAmount: payment.walletPaid + (toCard ? 0 : payment.charged),
    cardAmount: toCard ? payment.charged : 0,
  };
}
