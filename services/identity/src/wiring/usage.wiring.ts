import { createPeriodicJob, type PeriodicJob } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import type { Connection } from 'mongoose';
import type { IdentityConfig } from '../config';
import { createApiUsageRepository } from '../db/api-usage.repository';
import { createUsageRollupRepository } from '../db/api-usage-rollup.repository';
import { createGetUsage } from '../domain/usage/get-usage';
import { createRecordApiUsage } from '../domain/usage/record-api-usage';
import type { UsageWindow } from '../domain/usage/usage-window';
import { createRollUpUsage } from '../jobs/roll-up-usage';

/** A replica finalising a usage day holds it this long (a day's sums take seconds). */
const ROLLUP_LEASE_MS = 10 * 60_000;

/**
 * Partner API usage: raw batches kept a few days, then rolled up per day (docs/retention.md, "API usage"):
 * the consumer's use case, the read, and the roll-up job.
 */
export function wireUsage(
  config: IdentityConfig,
  connection: Connection,
  shared: { now: () => Date; logger: Logger },
): {
  recordApiUsage: ReturnType<typeof createRecordApiUsage>;
  getUsage: ReturnType<typeof createGetUsage>;
  rollupJob: PeriodicJob;
} {
  const { now, logger } = shared;
  const usage = createApiUsageRepository(connection);
  const rollups = createUsageRollupRepository(connection);
  const window: UsageWindow = { rawDays: config.USAGE_RAW_DAYS, rollupDays: config.USAGE_ROLLUP_DAYS };
  const rollupJob = createPeriodicJob({
    name: 'usage-rollup',
    everyMs: config.USAGE_ROLLUP_EVERY_MS,
    run: createRollUpUsage({ usage, rollups, window, leaseMs: ROLLUP_LEASE_MS, now, logger }),
    logger,
  });
  return {
    recordApiUsage: createRecordApiUsage({ usage, rollups, window, now }),
    getUsage: createGetUsage({ usage, rollups }),
    rollupJob,
  };
}
