/**
 * When attempt `number` (1-based) has failed: the pause before the next one, or null when it was the
 * last (partner-api.md §6: one first attempt, then one retry after each delay, then `failed`).
 */
export function delayAfterFailure(number: number, delaysMs: readonly number[]): number | null {
  return delaysMs[number - 1] ?? null;
}
