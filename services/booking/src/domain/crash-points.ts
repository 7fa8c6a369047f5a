import type { CrashHook as Hook } from '@travel/lifecycle';

/**
 * The steps of a booking where a crash is interesting: after the idempotency key is claimed, after the
 * booking (with its pending events) is written, after billing took a storefront booking's payment (before
 * the booking is confirmed), and after the outcome is known but before the answer.
 */
export const CRASH_POINTS = ['after-claim', 'after-booking-write', 'after-payment', 'before-answer'] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

/** Called at each crash point; a no-op unless the test hook names that point. */
export type CrashHook = Hook<CrashPoint>;
