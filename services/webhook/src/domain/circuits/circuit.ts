import type { AttemptResult } from '../deliveries/delivery';

/**
 * An endpoint's circuit breaker while it is tripped (docs/decisions/webhooks.md, "Endpoints isolated from each
 * other"). `open`: the endpoint's deliveries are held, none is attempted, until `probeAt`; `half_open`: one of
 * them (`probe`) is being sent, the others held until `probeAt` (the probe's time is up). A closed breaker is
 * no record at all: deliveries go as usual.
 */
export interface Circuit {
  endpointId: string;
  state: 'open' | 'half_open';
  /** When it opened, the first time since it was last closed. */
  openedAt: Date;
  probeAt: Date;
  /** How many times it opened since it was last closed (1 at first): each failed probe doubles the wait. */
  openings: number;
  /** The delivery a half-open breaker is sending. */
  probe?: string;
  /** Why it opened, in words (shown to support and in the log). */
  reason: string;
}

export type CircuitState = 'closed' | Circuit['state'];

/** WEBHOOK_BREAKER_*: when a breaker opens, and how long it holds. */
export interface CircuitPolicy {
  /** Failed attempts in a row (any that is not a 2xx, timeouts included). */
  failures: number;
  /** Attempts in a row that got no answer within `timeoutMs`. */
  timeouts: number;
  timeoutMs: number;
  openMs: number;
  maxOpenMs: number;
}

/** How long a breaker that opened for the `openings`-th time in a row holds: doubled each time, capped. */
export function holdFor(openings: number, policy: Pick<CircuitPolicy, 'openMs' | 'maxOpenMs'>): number {
  return Math.min(policy.openMs * 2 ** Math.max(0, openings - 1), policy.maxOpenMs);
}

/** An attempt that ended because its answer did not come within the timeout (no status, the whole time spent). */
export function timedOut(result: AttemptResult, timeoutMs: number): boolean {
  return !result.acknowledged && result.statusCode === null && result.durationMs >= timeoutMs;
}

/** One endpoint's attempts in a row, as one replica saw them end. */
export interface Streak {
  failures: number;
  timeouts: number;
}

/** The streak after one more attempt: a 2xx ends it; a timeout counts as a failure and a timeout. */
export function nextStreak(streak: Streak, result: AttemptResult, timeoutMs: number): Streak {
  if (result.acknowledged) return { failures: 0, timeouts: 0 };
  return {
    failures: streak.failures + 1,
    timeouts: timedOut(result, timeoutMs) ? streak.timeouts + 1 : 0,
  };
}

/** Why a streak trips the breaker, or null while it does not. */
export function tripReason(streak: Streak, policy: CircuitPolicy): string | null {
  if (streak.timeouts >= policy.timeouts)
    return `${streak.timeouts} attempts in a row got no answer within ${policy.timeoutMs} ms`;
  if (streak.failures >= policy.failures) return `${streak.failures} attempts in a row failed`;
  return null;
}
