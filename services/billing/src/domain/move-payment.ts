import { newEventId } from '@travel/events';
import type { Logger } from '@travel/logger';
import type { StorefrontPayments } from '../db/storefront-payment.repository';
import type { WalletEntries } from '../db/wallet-entry.repository';
import type { ProviderPayment } from './payment-provider';
import type { StorefrontPayment } from './wallet';
import { giveBackWalletShare } from './wallet-share';

export interface MovePaymentDeps {
  payments: StorefrontPayments;
  entries: WalletEntries;
  now: () => Date;
  eventsWritten: () => void;
  logger: Logger;
}

/**
 * Moves a pending card payment to where its provider says it is, once, whoever learns it first (the
 * webhook, the settler reading the provider, a retried booking): succeeded → `captured` with its
 * `payment.captured`; failed or cancelled → `failed`, and the wallet's share goes back (ledger key
 * `payment-failed:<booking>`, so twice is once). Both moves are conditional on `pending`: a duplicate or
 * late word changes nothing. Unfinished (`requires_action`, `processing`) leaves it pending.
 */
export function createMovePayment(deps: MovePaymentDeps) {
  return async (payment: StorefrontPayment, provider: ProviderPayment): Promise<StorefrontPayment> => {
    if (payment.status !== 'pending') return payment;
    if (provider.status === 'succeeded') {
      const at = deps.now();
      const event = { id: newEventId(), type: 'payment.captured' as const, occurredAt: at };
      const captured = await deps.payments.capture(payment.bookingId, at, event);
      deps.eventsWritten();
      deps.logger.info({ bookingId: payment.bookingId, charged: payment.charged }, 'card payment captured');
      return captured ?? payment;
    }
    if (provider.status === 'failed') {
      // The wallet's share first: a crash after it is finished by the next word (the key keeps it once).
      await giveBackWalletShare(deps.entries, payment, deps.now(), 'card payment failed');
      const failed = await deps.payments.fail(payment.bookingId);
      deps.logger.info({ bookingId: payment.bookingId }, 'card payment failed; wallet share given back');
      return failed ?? payment;
    }
    return payment;
  };
}

export type MovePayment = ReturnType<typeof createMovePayment>;
