import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from '@travel/logger';
import type { Component } from './run-process';

export interface PeriodicJobOptions {
  name: string;
  /** Pause between the end of one run and the start of the next. */
  everyMs: number;
  /** One pass of the work. A thrown error is logged and the job carries on at its next turn. */
  run(): Promise<void>;
  logger: Logger;
}

export interface PeriodicJob extends Component {
  /** Asks for a run as soon as the current one (if any) ends, instead of at the next turn. */
  nudge(): void;
}

/**
 * Background work of a service (outbox relays, sweepers, schedulers): runs never overlap, a failure never
 * stops the job, and `stop()` waits for the run in progress so shutdown does not cut a pass in half.
 */
export function createPeriodicJob(options: PeriodicJobOptions): PeriodicJob {
  const { name, logger } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
  };
  // Every pass runs in the context the job was made in (at start), never in that of a request whose handler
  // nudged it: its calls must not inherit that request's deadline, cancellation or trace.
  const tick = AsyncLocalStorage.bind(() => {
    if (running) {
      again = true;
      return;
    }
    running = options
      .run()
      .catch((error: unknown) =>
        logger.error({ err: error, job: name }, 'periodic job failed; retrying later'),
      )
      .finally(() => {
        running = undefined;
        const soon = again;
        again = false;
        schedule(soon ? 0 : options.everyMs);
      });
  });
  return {
    name,
    async start() {
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    nudge() {
      if (stopped) return;
      if (running) again = true;
      else schedule(0);
    },
  };
}
