import { AppError } from '@travel/errors';
import type { KeySpendingLedger } from '../db/key-spending.repository';

/** An API key's limits in whole rupees, as identity stores them; null is no limit. */
export interface SpendingLimits {
  dailyLimit: number | null;
  perBookingLimit: number | null;
}

/** The key a partner booking spends from (the gateway names it in the caller). */
export interface KeySpender {
  keyId: string;
  limits: SpendingLimits;
}

/** A reservation made for a booking; given back if the booking is not written. */
export interface SpendingHold {
  release(): Promise<void>;
}

const DAY_MS = 86_400_000;

/** Limits count per UTC day (the calendar of usage and of booking dates): the day and when it ends. */
export function spendingDayOf(at: Date): { day: string; resetsAt: Date } {
  const day = at.toISOString().slice(0, 10);
  return { day, resetsAt: new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS) };
}

/**
 * Reserves a booking's amount against its key's limits before the booking is written: over the per-booking
 * limit, or past the daily limit with what the key's bookings reserved today, is `spending_limit_exceeded`
 * and reserves nothing. The daily check and the reservation are one conditional update of the key's day.
 */
export function createReserveSpending({ ledger, now }: { ledger: KeySpendingLedger; now: () => Date }) {
  return async function reserveSpending(spender: KeySpender, amount: number): Promise<SpendingHold> {
    const { day, resetsAt } = spendingDayOf(now());
    const { dailyLimit, perBookingLimit } = spender.limits;
    const refuse = (limit: 'daily' | 'per_booking', spent: number | null) =>
      exceeded({ limit, amount, spent, limits: spender.limits, resetsAt });
    if (perBookingLimit !== null && amount > perBookingLimit) {
      throw refuse('per_booking', dailyLimit === null ? null : await ledger.spentOn(spender.keyId, day));
    }
    const result = await ledger.reserve(spender.keyId, day, amount, dailyLimit);
    if (!result.reserved) throw refuse('daily', result.spent);
    return { release: () => ledger.release(spender.keyId, day, amount) };
  };
}

export type ReserveSpending = ReturnType<typeof createReserveSpending>;

/** The key's spending today as `GET /me` shows it. */
export function createGetKeySpending({ ledger, now }: { ledger: KeySpendingLedger; now: () => Date }) {
  return async (keyId: string) => {
    const { day, resetsAt } = spendingDayOf(now());
    return { day, resetsAt, spent: await ledger.spentOn(keyId, day) };
  };
}

function exceeded(refusal: {
  limit: 'daily' | 'per_booking';
  amount: number;
  spent: number | null;
  limits: SpendingLimits;
  resetsAt: Date;
}): AppError {
  const { limit, amount, spent, limits, resetsAt } = refusal;
  const remaining =
    limits.dailyLimit === null || spent === null ? null : Math.max(0, limits.dailyLimit - spent);
  const message =
    limit === 'per_booking'
      ? `This booking's total of INR ${amount} is over the key's per-booking limit of INR ${limits.perBookingLimit}.`
      : `This booking's total of INR ${amount} would pass the key's daily limit of INR ${limits.dailyLimit}: INR ${remaining} remains until ${resetsAt.toISOString()}.`;
  return new AppError('spending_limit_exceeded', message, null, {
    limit,
    amount,
    remaining,
    dailyLimit: limits.dailyLimit,
    perBookingLimit: limits.perBookingLimit,
    resetsAt: resetsAt.toISOString(),
  });
}
