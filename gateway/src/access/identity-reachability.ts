import { isAppError } from '@travel/errors';

/**
 * Whether identity can be asked now. After a lookup finds it unreachable, lookups rest for `restMs`, answering
 * from what is cached (or 503) at once; then one lookup at a time probes, and the first answer ends the outage.
 * So every identity replica down costs partners no wait beyond one probe a `restMs` (docs/access.md).
 */
export interface IdentityReachability {
  /** False while resting after a failure, and while another lookup probes. */
  mayAsk(): boolean;
  /** Runs one lookup, noting whether identity answered it. */
  ask<T>(lookup: () => Promise<T>): Promise<T>;
}

/** Identity could not answer (down, too slow, shedding load, its store down): the gRPC client's 503s. */
export function isUnreachable(error: unknown): boolean {
  return isAppError(error) && error.httpStatus === 503;
}

export function createIdentityReachability(options: {
  restMs: number;
  now: () => number;
}): IdentityReachability {
  let failedAt: number | undefined;
  let probing = false;
  return {
    mayAsk() {
      if (failedAt === undefined) return true;
      return !probing && options.now() - failedAt >= options.restMs;
    },
    async ask(lookup) {
      const probe = failedAt !== undefined;
      if (probe) probing = true;
      try {
        const answer = await lookup();
        failedAt = undefined;
        return answer;
      } catch (error) {
        // Any other error is an answer: identity is there.
        failedAt = isUnreachable(error) ? options.now() : undefined;
        throw error;
      } finally {
        if (probe) probing = false;
      }
    },
  };
}
