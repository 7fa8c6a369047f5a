import type { wallet } from '@travel/contracts';
import { iso } from './iso';

// Wallet entries as the internal API shows them, to customers (storefront) and staff (admin) alike.

export function presentWalletEntry(entry: wallet.WalletEntry) {
  return {
    id: entry.id,
    type: entry.type,
    reason: entry.reason,
    amount: entry.amount,
    bookingId: entry.bookingId ?? null,
    note: entry.note ?? null,
    createdAt: iso(entry.createdAt),
  };
}
