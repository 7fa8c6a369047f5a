import { createLogger } from '@travel/logger';
import { readConfig } from './config';
import { rebuildReadModels } from './jobs/rebuild-read-models';

/**
 * `node services/reports/dist/rebuild.js [--replay-only]` with the service's environment, while reports is
 * stopped; start it again and it rebuilds its read models from the topics (docs/decisions.md "Reports").
 */
const config = readConfig(process.env);
const logger = createLogger({ name: 'reports-rebuild', level: config.LOG_LEVEL });
rebuildReadModels(config, logger, { keepReadModel: process.argv.includes('--replay-only') }).then(
  () => process.exit(0),
  (error: unknown) => {
    logger.error({ err: error }, 'rebuild not prepared');
    setTimeout(() => process.exit(1), 100);
  },
);
