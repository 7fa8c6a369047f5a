import type { CrashHook } from '@travel/lifecycle';

/**
 * The steps of a storefront payment where a crash is interesting: the wallet's balance moved but its
 * ledger entry is not written yet; the wallet paid its share (entry written) but no payment is recorded.
 */
export const BILLING_CRASH_POINTS = ['between-wallet-writes', 'after-wallet-debit'] as const;
export type BillingCrashPoint = (typeof BILLING_CRASH_POINTS)[number];
export type BillingCrashHook = CrashHook<BillingCrashPoint>;
