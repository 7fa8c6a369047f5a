import { utcDay } from './api-usage';

const DAY_MS = 86_400_000;

/**
 * How long raw usage rows live and when their days are rolled up (docs/retention.md, "API usage"). A day
 * stays raw for `rawDays` after it; a batch that arrives later for it is folded into the day's roll-up
 * instead. The roll-up job finalises a day one day later still, so no raw row of a day is being written
 * while its day is summed (the margin covers clocks and a write in flight, which are seconds).
 */
export interface UsageWindow {
  rawDays: number;
  rollupDays: number;
}

/** The oldest day a batch may still add raw rows to at `now`; rows of earlier days are late. */
export function firstRawDay(now: Date, window: UsageWindow): string {
  return utcDay(new Date(now.getTime() - window.rawDays * DAY_MS));
}

/** Days before this one are due for their final roll-up at `now`. */
export function firstUnfinalisedDay(now: Date, window: UsageWindow): string {
  return utcDay(new Date(now.getTime() - (window.rawDays + 1) * DAY_MS));
}

/** When a day's roll-up (and its marker) may be deleted: the end of the day plus the roll-up retention. */
export function rollupExpiryOf(day: string, window: UsageWindow): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + (window.rollupDays + 1) * DAY_MS);
}
