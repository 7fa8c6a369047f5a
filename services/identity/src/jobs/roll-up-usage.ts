import { randomUUID } from 'node:crypto';
import type { Logger } from '@travel/logger';
import type { ApiUsageRepository } from '../db/api-usage.repository';
import type { UsageRollupRepository } from '../db/api-usage-rollup.repository';
import { firstUnfinalisedDay, rollupExpiryOf, type UsageWindow } from '../domain/usage/usage-window';

export interface RollUpUsageDeps {
  usage: ApiUsageRepository;
  rollups: UsageRollupRepository;
  window: UsageWindow;
  /** A replica finalising a day holds it this long; past it another replica takes over a crashed one. */
  leaseMs: number;
  now: () => Date;
  logger: Logger;
}

/** The most days one pass finalises (a first pass over a long history goes on at the next turn). */
const DAYS_PER_PASS = 31;

/**
 * One pass of the usage roll-up (docs/retention.md, "API usage"): every day that has left the raw window
 * (and the day of margin after it) is finalised oldest first: its raw rows summed into its roll-ups, the day
 * marked final, then its raw rows deleted. A crash at any step is finished by the next pass: the sums are
 * written whole (the same again), and a final day's rows are only ever deleted.
 */
export function createRollUpUsage(deps: RollUpUsageDeps): () => Promise<void> {
  return async () => {
    const before = firstUnfinalisedDay(deps.now(), deps.window);
    let skipped = '';
    for (let pass = 0; pass < DAYS_PER_PASS; pass++) {
      const day = await deps.usage.oldestDayBefore(before);
      if (!day || day <= skipped) return;
      if (!(await finaliseDay(deps, day))) skipped = day;
    }
  };
}

/** False when another replica holds the day (it is left to that one, and this pass stops there). */
async function finaliseDay(deps: RollUpUsageDeps, day: string): Promise<boolean> {
  const token = randomUUID();
  const expiresAt = rollupExpiryOf(day, deps.window);
  const claimed = await deps.rollups.claimDay(day, token, deps.now(), deps.leaseMs, expiresAt);
  if (claimed) {
    const sums = await deps.usage.sumDay(day);
    await deps.rollups.writeRawSums(sums, expiresAt);
    if (!(await deps.rollups.finaliseDay(day, token, deps.now()))) return false;
  } else if (!(await deps.rollups.finalDays(day, day)).has(day)) {
    return false;
  }
  const deleted = await deps.usage.deleteDay(day);
  deps.logger.info({ day, deleted }, 'usage day rolled up; raw rows deleted');
  return true;
}
