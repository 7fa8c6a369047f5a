import { createLogger, type Logger } from '@travel/logger';
import { type Component, runProcess } from './run-process';

/**
 * The whole of a process's main.ts: read the config (printing every problem and exiting when it is
 * wrong), create the root logger, build the components by hand, run them until SIGTERM.
 */
export function runService<C extends { LOG_LEVEL: string }>(
  name: string,
  readConfig: () => C,
  build: (config: C, logger: Logger) => { components: Component[] },
): void {
  let config: C;
  try {
    config = readConfig();
  } catch (error) {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const logger = createLogger({ name, level: config.LOG_LEVEL });
  void runProcess(build(config, logger).components, { logger });
}
