import type { AttemptResult } from './delivery';

/**
 * When attempt `number` (1-based) has failed: the pause before the next one, or null when it was the
 * last (docs/webhooks.md: one first attempt, then one retry after each delay, then `failed`).
 */
export function delayAfterFailure(number: number, delaysMs: readonly number[]): number | null {
  return delaysMs[number - 1] ?? null;
}

/** Where a delivery goes after an attempt: done, given up, or the next attempt at its time. */
export type NextStep = { status: 'acknowledged' } | { status: 'failed' } | { status: 'pending'; dueAt: Date };

/** Retries are counted from the end of the failed attempt. */
export function nextStepAfter(number: number, result: AttemptResult, delaysMs: readonly number[]): NextStep {
  if (result.acknowledged) return { status: 'acknowledged' };
  const delay = delayAfterFailure(number, delaysMs);
  if (delay === null) return { status: 'failed' };
  return { status: 'pending', dueAt: new Date(result.at.getTime() + result.durationMs + delay) };
}
