import { createLogger, type Logger } from '@travel/logger';
import { readConfigOrExit } from './run-service';

/**
 * The whole of a one-shot command's entry file (`dist/commands/reseal.js`, `dist/commands/rebuild.js`), run
 * with the service's own environment: read the config (every problem printed, exit 1), do the work, print its
 * result as one JSON line on stdout, exit 0; a failure is logged in full and exits 1.
 */
export function runCommand<C extends { LOG_LEVEL: string }>(
  name: string,
  readConfig: () => C,
  work: (config: C, logger: Logger) => Promise<unknown>,
): void {
  const config = readConfigOrExit(name, readConfig);
  // Synchronous lines: the result is the last line of stdout, as its callers read it (the launcher, the chart's
  // hook Job, the images test); a process's asynchronous lines could land after it.
  const logger = createLogger({ name, level: config.LOG_LEVEL, sync: true });
  work(config, logger).then(
    (result) => {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      setTimeout(() => process.exit(0), 100);
    },
    (error: unknown) => {
      logger.error({ err: error }, `${name} failed`);
      setTimeout(() => process.exit(1), 100);
    },
  );
}
