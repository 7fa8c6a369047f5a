import type { wallet } from '@travel/contracts';

// Wallet entries as the internal API shows them, to customers (storefront) and staff (admin) alike.

/** An ISO timestamp, or null when the message has none. */
export function iso(at: Date | undefined): string | null {
  return at ? at.toISOString() : null;
}

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
