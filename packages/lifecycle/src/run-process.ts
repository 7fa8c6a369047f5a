import type { Logger } from '@travel/logger';
import type { Component } from './component';
import { startWithRetries } from './start-retry';

export type { Component } from './component';

/**
 * Starts components in order; on failure stops those already started, in reverse. `start` is how one component is
 * started: at once by default (a test wants the first error), with retries in a process (`runProcess`).
 */
export async function startAll(
  components: Component[],
  logger: Logger,
  start: (component: Component) => Promise<void> = (component) => component.start(),
): Promise<() => Promise<void>> {
  const started: Component[] = [];
  const stopStarted = async () => {
    for (const component of [...started].reverse()) {
      try {
        await component.stop();
        logger.debug({ component: component.name }, 'stopped');
      } catch (error) {
        logger.error({ err: error, component: component.name }, 'stop failed');
      }
    }
  };
  for (const component of components) {
    try {
      await start(component);
      started.push(component);
      logger.debug({ component: component.name }, 'started');
    } catch (error) {
      await stopStarted();
      throw error;
    }
  }
  return stopStarted;
}

/** How long in-flight work may take after SIGTERM, unless a process asks for more (the gateway adds its drain). */
export const DEFAULT_SHUTDOWN_DEADLINE_MS = 10_000;

export interface RunOptions {
  logger: Logger;
  /** How long in-flight work may take to finish after SIGTERM before the process exits anyway. */
  shutdownDeadlineMs?: number;
}

/**
 * The body of every main.ts: start (waiting out a dependency that is not up yet, with backoff; exiting only for a
 * permanent error), log, and stop cleanly in reverse on SIGTERM/SIGINT, also while still starting.
 */
export async function runProcess(components: Component[], options: RunOptions): Promise<void> {
  const { logger } = options;
  const deadline = options.shutdownDeadlineMs ?? DEFAULT_SHUTDOWN_DEADLINE_MS;
  let stopping = false;
  let stop: (() => Promise<void>) | undefined;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    const timer = setTimeout(() => {
      logger.error({ deadlineMs: deadline }, 'shutdown deadline passed; exiting');
      process.exit(1);
    }, deadline);
    timer.unref();
    // Still starting: no request was served yet, so exit at once; the connections close with the process.
    if (!stop) process.exit(0);
    void stop().then(() => {
      logger.info('stopped');
      process.exit(0);
    });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  try {
    // The ports first: while a dependency is waited for, a probe hears NOT_SERVING, not a refused connection.
    for (const component of components) await component.listen?.();
    stop = await startAll(components, logger, (component) =>
      startWithRetries(component, logger, undefined, () => stopping),
    );
  } catch (error) {
    logger.fatal({ err: error }, 'start failed');
    process.exit(1);
  }
  logger.info('started');
}
