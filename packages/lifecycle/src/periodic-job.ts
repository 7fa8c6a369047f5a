import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from '@travel/logger';
import type { Component } from './run-process';

export interface PeriodicJobOptions {
  name: string;
  /** Pause between the end of one run and the start of the next. */
  everyMs: number;
  /**
   * One pass of the work. A thrown error is logged and the job carries on at its next turn. With `idleMaxMs` it
   * answers whether it found work: `false` (found nothing) lets the job back off; anything else counts as work.
   */
  run(): Promise<unknown>;
  /**
   * Opt-in idle backoff: each pass in a row that answers `false` doubles the pause, up to this (never below
   * `everyMs`). A pass that found work, a failed pass or a `nudge()` puts it back to `everyMs`. Only for work
   * that its own writers nudge: what nobody nudges for (another replica's, a crashed process's) waits up to this.
   */
  idleMaxMs?: number;
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
  const { name, logger, everyMs } = options;
  const idleMaxMs = Math.max(everyMs, options.idleMaxMs ?? everyMs);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;
  let pauseMs = everyMs;

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
      .then(
        (found) => {
          pauseMs = found === false ? Math.min(pauseMs * 2, idleMaxMs) : everyMs;
        },
        (error: unknown) => {
          pauseMs = everyMs;
          logger.error({ err: error, job: name }, 'periodic job failed; retrying later');
        },
      )
      .finally(() => {
        running = undefined;
        const soon = again;
        again = false;
        if (soon) pauseMs = everyMs;
        schedule(soon ? 0 : pauseMs);
      });
  });
  return {
    name,
    async start() {
      stopped = false;
      pauseMs = everyMs;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    nudge() {
      if (stopped) return;
      pauseMs = everyMs;
      if (running) again = true;
      else schedule(0);
    },
  };
}
