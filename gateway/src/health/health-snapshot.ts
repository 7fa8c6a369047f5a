import { createPeriodicJob } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import type { PlatformHealth } from './platform-health';

export interface HealthSnapshot {
  name: string;
  /** Refreshes once (so the first answer is real), then every `everyMs` in the background. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The last report made; never computed for the caller. */
  current(): PlatformHealth;
}

export interface HealthSnapshotOptions {
  /** One full report: every service and dependency, asked in parallel (`checkPlatformHealth`). */
  check(): Promise<PlatformHealth>;
  /** Pause between the end of one report and the start of the next (HEALTH_REFRESH_MS). */
  everyMs: number;
  logger: Logger;
}

/**
 * The platform report made in the background, so `/api/health` costs a request nothing and no caller (a probe,
 * anyone on the internet) can make the gateway ask every service: at most one report per `everyMs` per gateway,
 * whatever the traffic (docs/decisions/health.md).
 */
export function createHealthSnapshot({ check, everyMs, logger }: HealthSnapshotOptions): HealthSnapshot {
  let latest: PlatformHealth | undefined;
  let firstDone = () => {};
  const first = new Promise<void>((resolve) => {
    firstDone = resolve;
  });
  const job = createPeriodicJob({
    name: 'health-snapshot',
    everyMs,
    logger,
    async run() {
      try {
        latest = await check();
      } finally {
        firstDone();
      }
    },
  });
  return {
    name: 'health-snapshot',
    async start() {
      await job.start();
      await first;
    },
    stop: () => job.stop(),
    current() {
      if (!latest) throw new Error('the health snapshot was read before its first report');
      return latest;
    },
  };
}
