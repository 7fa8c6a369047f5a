import type { Logger } from '@travel/logger';
import type { Component } from './component';

/** How a process waits between two attempts to start one component: doubling, from `firstMs` up to `maxMs`. */
export interface StartBackoff {
  firstMs: number;
  maxMs: number;
}

export const DEFAULT_START_BACKOFF: StartBackoff = { firstMs: 500, maxMs: 10_000 };

/**
 * Errors no wait can cure: a malformed connection string, a port held by another process, a bug. The process exits
 * for these (the supervisor shows the crash); everything else (a store or broker not up yet, a topic without a leader,
 * `This server does not host this topic-partition` right after a broker restart) is retried.
 */
const PERMANENT_ERROR_NAMES: ReadonlySet<string> = new Set([
  'MongoParseError',
  'TypeError',
  'RangeError',
  'SyntaxError',
  'ReferenceError',
]);
const PERMANENT_ERROR_CODES: ReadonlySet<string> = new Set(['EADDRINUSE', 'EACCES', 'EADDRNOTAVAIL']);

export function isPermanentStartError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    PERMANENT_ERROR_NAMES.has(error.name) || (typeof code === 'string' && PERMANENT_ERROR_CODES.has(code))
  );
}

/**
 * A failure a setting explains (`ConnectionSettingError` of @travel/config: "Kafka authentication failed: check
 * KAFKA_SASL_USERNAME/KAFKA_SASL_PASSWORD") is logged with that message, so the operator reads what to fix.
 */
function settingHintOf(error: unknown): string | undefined {
  return error instanceof Error && error.name === 'ConnectionSettingError' ? error.message : undefined;
}

/**
 * Starts one component, retrying a transient failure with backoff until it starts (a dependency that is down at
 * start is waited for, never a reason to exit). Between attempts the half-started component is stopped, so no
 * connection of a failed attempt lingers. A permanent error is thrown at once.
 */
export async function startWithRetries(
  component: Component,
  logger: Logger,
  backoff: StartBackoff = DEFAULT_START_BACKOFF,
  isStopping: () => boolean = () => false,
): Promise<void> {
  let delay = backoff.firstMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await component.start();
      return;
    } catch (error) {
      if (isPermanentStartError(error) || isStopping()) throw error;
      logger.warn(
        { err: error, component: component.name, attempt, retryInMs: delay },
        `${settingHintOf(error) ?? 'start failed on a dependency'}; retrying`,
      );
      await component.stop().catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, backoff.maxMs);
    }
  }
}
