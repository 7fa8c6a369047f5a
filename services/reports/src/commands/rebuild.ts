import { createLogger } from '@travel/logger';
import { readConfig } from './config';
import { rebuildFromSources } from './jobs/rebuild-from-sources';
import { readModelLag, rebuildReadModels } from './jobs/rebuild-read-models';

/**
 * The rebuild command, run with the service's environment (docs/decisions.md "Reports"):
 * - `node services/reports/dist/rebuild.js` while every reports process is stopped: empties the sales read
 *   model and fills it again from booking's `ListBookingHistory`, whatever Kafka still retains;
 * - `--from-topics`: empties the read models and rewinds the consumer group instead; the next start reads every
 *   event the topics still hold again (exact only within their retention);
 * - `--replay-only`: rewinds without emptying (every event delivered again must change nothing);
 * - `--lag`: prints `{"lag":n}`, the events not yet handled (0 once caught up).
 */
const config = readConfig(process.env);
const logger = createLogger({ name: 'reports-rebuild', level: config.LOG_LEVEL });

async function run(): Promise<void> {
  if (process.argv.includes('--lag')) {
    process.stdout.write(`${JSON.stringify({ lag: await readModelLag(config, logger) })}\n`);
    return;
  }
  const replayOnly = process.argv.includes('--replay-only');
  if (replayOnly || process.argv.includes('--from-topics'))
    return rebuildReadModels(config, logger, { keepReadModel: replayOnly });
  await rebuildFromSources(config, logger);
}

run().then(
  () => setTimeout(() => process.exit(0), 100),
  (error: unknown) => {
    logger.error({ err: error }, 'rebuild command failed');
    setTimeout(() => process.exit(1), 100);
  },
);
