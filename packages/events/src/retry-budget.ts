import { isAppError, isUnavailableError } from '@travel/errors';
import { PoisonEventError } from './poison';

/**
 * How long one failing event is retried in place before it is parked (docs/decisions/events.md, "Retry budget").
 * The handler runs at most `attempts` times; the waits between runs start at `firstDelayMs` and double up to
 * `maxDelayMs`. The defaults give 8 runs over 5 + 10 + 20 + 40 + 80 + 160 + 300 s = 615 s (about 10 minutes).
 */
export interface RetryBudget {
  attempts: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_BUDGET: RetryBudget = { attempts: 8, firstDelayMs: 5000, maxDelayMs: 300_000 };

/** Waits while a backing server is unavailable: from 1 s, doubling, at most 10 s, so a consumer resumes soon after. */
const OUTAGE_FIRST_DELAY_MS = 1000;
const OUTAGE_MAX_DELAY_MS = 10_000;

/** Why an event was parked: the `reason` of `kafka_consumer_parked_total` and of the record. */
export type ParkReason = 'poison' | 'budget' | 'blocked';

/** What to do after a failed run: wait and run again, or park. */
export type NextStep = { retryInMs: number } | { park: Exclude<ParkReason, 'blocked'> };

/** The failures of one event so far, as its record will show them. */
export interface FailureHistory {
  attempts: number;
  firstFailedAt: Date;
  lastFailedAt: Date;
  lastError: string;
}

/**
 * The failures of one event while it is retried in place. A poison event parks at once. An "unavailable"
 * error (the store or a downstream down, `isUnavailableError`) is retried with the same backoff but does not
 * spend the budget: parking on an outage would park every event of the outage.
 */
export function createRetryTracker(budget: RetryBudget, now: () => Date) {
  let spent = 0;
  let outageWaits = 0;
  let history: FailureHistory | undefined;
  const nextAfter = (error: unknown): NextStep => {
    if (isPoison(error)) return { park: 'poison' };
    if (isUnavailable(error))
      return { retryInMs: Math.min(OUTAGE_FIRST_DELAY_MS * 2 ** outageWaits++, OUTAGE_MAX_DELAY_MS) };
    spent++;
    if (spent >= budget.attempts) return { park: 'budget' };
    return { retryInMs: Math.min(budget.firstDelayMs * 2 ** (spent - 1), budget.maxDelayMs) };
  };
  return {
    /** Records a failed run; what to do next, and the failures so far as a park would record them. */
    failed(error: unknown): { next: NextStep; history: FailureHistory } {
      const at = now();
      history = {
        attempts: (history?.attempts ?? 0) + 1,
        firstFailedAt: history?.firstFailedAt ?? at,
        lastFailedAt: at,
        lastError: messageOf(error),
      };
      return { next: nextAfter(error), history };
    },
  };
}

/** The store down (`isUnavailableError`), or a service a handler called answering `service_unavailable`. */
function isUnavailable(error: unknown): boolean {
  return isUnavailableError(error) || (isAppError(error) && error.code === 'service_unavailable');
}

export function isPoison(error: unknown): boolean {
  return error instanceof PoisonEventError;
}

export function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000);
}

/** The longest an event waits in retries before it is parked, in ms (the sum of its waits). */
export function budgetSpanMs(budget: RetryBudget): number {
  let total = 0;
  for (let wait = 0; wait < budget.attempts - 1; wait++)
    total += Math.min(budget.firstDelayMs * 2 ** wait, budget.maxDelayMs);
  return total;
}

/** The budget a process's settings give (`KAFKA_RETRY_*` of `kafkaFields`). */
export function retryBudgetOf(config: {
  KAFKA_RETRY_ATTEMPTS: number;
  KAFKA_RETRY_FIRST_DELAY_MS: number;
  KAFKA_RETRY_MAX_DELAY_MS: number;
}): RetryBudget {
  return {
    attempts: config.KAFKA_RETRY_ATTEMPTS,
    firstDelayMs: config.KAFKA_RETRY_FIRST_DELAY_MS,
    maxDelayMs: config.KAFKA_RETRY_MAX_DELAY_MS,
  };
}
