import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';
import type { WalletEntry } from '../domain/wallet';

/** One wallet ledger entry, inserted once and never changed. `key` says what it is for. */
export interface WalletEntryDocument extends Omit<WalletEntry, 'id'> {
  _id: string;
}

const entryFields = {
  _id: { type: String, required: true },
  seq: { type: Number, required: true },
  customerId: { type: String, required: true },
  key: { type: String, required: true },
  type: { type: String, required: true },
  reason: { type: String, required: true },
  amount: { type: Number, required: true },
  bookingId: { type: String, default: null },
  note: { type: String, default: null },
  createdAt: { type: Date, required: true },
} as const;

export const walletEntrySchema = new Schema<WalletEntryDocument>(entryFields, {
  collection: 'wallet_entries',
  versionKey: false,
});
// Serves GET /api/wallet: the customer's entries, newest first, below a cursor.
walletEntrySchema.index({ customerId: 1, seq: -1 });
// One entry per purpose: a retry of the same payment, refund or top-up collides and reads the first.
walletEntrySchema.index({ key: 1 }, { unique: true });

/**
 * A customer's wallet: the balance, and the entries applied to it but not yet in the ledger. A move is one
 * conditional update (`$inc` of the balance guarded by `balance ≥ amount` for a debit, and by the purpose
 * not being pending already) that also pushes its entry here; the entry is then inserted into the ledger
 * and pulled. Whatever crashes in between, the entry waits here and the next touch of the wallet finishes it.
 */
export interface WalletDocument {
  _id: string;
  balance: number;
  pending: WalletEntryDocument[];
}

export const walletSchema = new Schema<WalletDocument>(
  {
    _id: { type: String, required: true },
    balance: { type: Number, required: true },
    pending: { type: [new Schema<WalletEntryDocument>(entryFields)], default: [] },
  },
  { collection: 'wallets', versionKey: false, minimize: false },
);
// A staff top-up's audit entry rides on its balance move (docs/decisions/audit.md); wallets are never deleted.
withAuditOutbox(walletSchema);
