/** One line of a customer's wallet ledger: written once, never edited. */
export interface WalletEntry {
  /** `wle_<seq>`. */
  id: string;
  /** From the `wallet_entry` counter: the ledger's order, newest first. */
  seq: number;
  customerId: string;
  /** Unique across the ledger: what the entry is for (`booking:<id>`, `refund:<id>`, `topup:<id>`), so a retry cannot write it twice. */
  key: string;
  type: 'credit' | 'debit';
  reason: 'refund' | 'promotion' | 'top_up' | 'booking_payment';
  /** Whole rupees, at least 0 (a 0 debit records that the wallet had nothing to give a booking). */
  amount: number;
  bookingId: string | null;
  note: string | null;
  createdAt: Date;
}

/** What to append, decided from the balance the wallet stands at. */
export type EntryPlan = Pick<WalletEntry, 'type' | 'reason' | 'amount' | 'bookingId' | 'note'>;

/** The signed change an entry makes to the balance. */
export function signedAmount(entry: Pick<WalletEntry, 'type' | 'amount'>): number {
  return entry.type === 'credit' ? entry.amount : -entry.amount;
}

/**
 * Where a storefront payment stands: `captured` (wallet-only, simulated, or confirmed by the provider),
 * `pending` (a card payment the customer has yet to complete), `failed` (declined or expired: the wallet's
 * share went back).
 */
export type PaymentStatus = 'captured' | 'pending' | 'failed';

/**
 * Why a card payment was refused before any provider was asked (docs/payments.md): `no_gateway` (none is
 * the default, or the default was deleted) and `simulator_disabled` (the default is the simulator) while the
 * simulator is off; `gateway_unusable`: the default has no adapter or lacks its credentials.
 */
export type ChargeRefusal = 'no_gateway' | 'simulator_disabled' | 'gateway_unusable';

/** A storefront booking's payment and, once cancelled, its refund: one document per booking. */
export interface StorefrontPayment {
  bookingId: string;
  /** `pay_<booking number>`. */
  id: string;
  customerId: string;
  total: number;
  walletPaid: number;
  charged: number;
  gatewayId: string | null;
  gatewayReference: string | null;
  status: PaymentStatus;
  /** Which adapter charged `charged` (null when nothing was). */
  provider: 'simulated' | 'stripe' | null;
  /** What the storefront completes a pending card payment with; null otherwise. */
  clientSecret: string | null;
  /** Set on a `failed` payment refused for want of a usable gateway: nothing was charged. */
  failure: ChargeRefusal | null;
  createdAt: Date;
  /** Null until captured. */
  capturedAt: Date | null;
  refund: Refund | null;
}

/** The payment recorded by the built-in simulator: no money moved (every answer says so). */
export function isSimulated(payment: Pick<StorefrontPayment, 'provider'>): boolean {
  return payment.provider === 'simulated';
}

export interface Refund {
  /** `rfd_<booking number>`. */
  id: string;
  bookingId: string;
  amount: number;
  status: 'completed' | 'not_refundable';
  /** Of `amount`: back to the wallet at once. */
  walletAmount: number;
  /** Of `amount`: back to the card through the provider (its state in `card`). */
  cardAmount: number;
  /** The provider's refund of the card part; null when there is none. */
  card: CardRefund | null;
  /** From the `refund` counter: the order of the customer's refunds list. */
  n: number;
  createdAt: Date;
}

export interface CardRefund {
  provider: 'simulated' | 'stripe';
  /** The provider's id of the refund. */
  reference: string;
  status: 'pending' | 'succeeded' | 'failed';
}

/** `bkg_123` → `123`: payments and refunds are named after their booking. */
export function bookingNumberOf(bookingId: string): string {
  return bookingId.startsWith('bkg_') ? bookingId.slice(4) : bookingId;
}
