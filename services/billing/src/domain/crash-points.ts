import type { CrashHook } from '@travel/lifecycle';

/**
 * The steps of a storefront payment where a crash is interesting: the wallet's balance moved but its
 * ledger entry is not written yet; the wallet paid its share (entry written) but no payment is recorded;
 * the provider answered the card payment but our record of it is not written.
 */
export const BILLING_CRASH_POINTS = [
  'between-wallet-writes',
  'after-wallet-debit',
  'after-provider-payment',
] as const;
export type BillingCrashPoint = (typeof BILLING_CRASH_POINTS)[number];
export type BillingCrashHook = CrashHook<BillingCrashPoint>;
