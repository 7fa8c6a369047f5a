import type { WalletEntries } from '../db/wallet-entry.repository';
import type { StorefrontPayment } from './wallet';

/**
 * Gives a failed payment's wallet share back, once (ledger key `payment-failed:<booking>`, so asking again
 * reads the entry made before): after a provider's failure (move-payment.ts) and after a refusal for want of
 * a gateway (pay-booking.ts).
 */
export async function giveBackWalletShare(
  entries: WalletEntries,
  payment: Pick<StorefrontPayment, 'walletPaid' | 'customerId' | 'bookingId'>,
  at: Date,
  note: string,
): Promise<void> {
  if (payment.walletPaid <= 0) return;
  await entries.append(
    payment.customerId,
    `payment-failed:${payment.bookingId}`,
    () => ({
      type: 'credit',
      reason: 'refund',
      amount: payment.walletPaid,
      bookingId: payment.bookingId,
      note,
    }),
    at,
  );
}
