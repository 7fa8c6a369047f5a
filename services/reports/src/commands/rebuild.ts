import { runCommand } from '@travel/lifecycle';
import { readConfig } from '../config';
import { rebuildFromSources } from '../jobs/rebuild-from-sources';
import { readModelLag, rebuildReadModels } from '../jobs/rebuild-read-models';

/**
 * The rebuild command, run with the service's environment (docs/decisions/reports.md "Reports"):
 * - `node services/reports/dist/commands/rebuild.js` while every reports process is stopped: empties the sales read
 *   model and fills it again from booking's `ListBookingHistory`, whatever Kafka still retains;
 * - `--from-topics`: empties the read models and rewinds the consumer group instead; the next start reads every
 *   event the topics still hold again (exact only within their retention);
 * - `--replay-only`: rewinds without emptying (every event delivered again must change nothing);
 * - `--lag`: prints `{"lag":n}`, the events not yet handled (0 once caught up).
 * Read through `runCommand`, like every entry point: the config once, every problem listed, one JSON line out.
 */
runCommand(
  'reports-rebuild',
  () => readConfig(process.env),
  async (config, logger): Promise<unknown> => {
    if (process.argv.includes('--lag')) return { lag: await readModelLag(config, logger) };
    const replayOnly = process.argv.includes('--replay-only');
    if (replayOnly || process.argv.includes('--from-topics')) {
      await rebuildReadModels(config, logger, { keepReadModel: replayOnly });
      return { rebuilt: replayOnly ? 'replayed' : 'topics' };
    }
    return { rebuilt: 'sources', facts: await rebuildFromSources(config, logger) };
  },
);
