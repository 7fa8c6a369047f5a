import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from '@travel/logger';
import type { PlatformHealth } from './platform-health';

export interface HealthSnapshot {
  name: string;
  /** Makes the first report (so the first answer is real); later ones only when a read finds it stale. */
  start(): Promise<void>;
  /** Waits for a refresh in flight; no read starts another. */
  stop(): Promise<void>;
  /**
   * The last report made, at once; never computed for the caller. A read that finds it older than `everyMs`
   * starts one refresh in the background, for the reads after it.
   */
  current(): PlatformHealth;
}

export interface HealthSnapshotOptions {
  /** One full report: every service and dependency, asked in parallel (`checkPlatformHealth`). */
  check(): Promise<PlatformHealth>;
  /** The least time between the end of one report and the start of the next (HEALTH_REFRESH_MS). */
  everyMs: number;
  logger: Logger;
  now?: () => number;
}

/**
 * The platform report, refreshed in the background when read, so `/api/health` costs a request nothing, no caller
 * (a probe, anyone on the internet) can make the gateway ask every service more than once per `everyMs`, and a
 * gateway nobody asks asks nobody (docs/decisions/health.md).
 */
export function createHealthSnapshot({
  check,
  everyMs,
  logger,
  now = Date.now,
}: HealthSnapshotOptions): HealthSnapshot {
  let latest: PlatformHealth | undefined;
  let endedAt = Number.NEGATIVE_INFINITY;
  let refreshing: Promise<void> | undefined;
  let stopped = true;
  // Made outside any request: a refresh started by a read must not inherit its deadline, cancellation or trace.
  const refresh = AsyncLocalStorage.bind((): Promise<void> => {
    refreshing ??= check()
      .then((report) => {
        latest = report;
      })
      .catch((error: unknown) => logger.error({ err: error }, 'health report failed; the last one stays'))
      .finally(() => {
        endedAt = now();
        refreshing = undefined;
      });
    return refreshing;
  });
  return {
    name: 'health-snapshot',
    async start() {
      stopped = false;
      await refresh();
    },
    async stop() {
      stopped = true;
      await refreshing;
    },
    current() {
      if (!stopped && !refreshing && now() - endedAt >= everyMs) void refresh();
      if (!latest) throw new Error('the health snapshot was read before its first report');
      return latest;
    },
  };
}
