import type { RateLimiterRes } from 'rate-limiter-flexible';
import type { RedisClient } from '../clients/redis';
import { redisOrMemory, windowsOf } from './redis-or-memory';

export type AddressStanding = { blocked: false } | { blocked: true; retryAfterSeconds: number };

/** Failed API-key authentications per client address, in a fixed window shared in Redis by every replica. */
export interface KeyFailures {
  /** Whether the address has used up its failures in this window; counts nothing. */
  standing(address: string): Promise<AddressStanding>;
  /** Counts one failed authentication of the address. */
  record(address: string): Promise<void>;
}

export interface KeyFailureOptions {
  /** Failures allowed per address per window. */
  limit: number;
  windowSeconds: number;
  /** Prefix of the window keys (`RATE_LIMIT_PREFIX`), so copies of the platform can share one Redis. */
  prefix?: string;
  /** How long Redis is awaited before this replica's in-memory window answers instead (`REDIS_WAIT_MS`). */
  redisWaitMs?: number;
  /** After such a wait, how long the in-memory window answers alone. */
  redisRestMs?: number;
}

/**
 * One fixed window per address (`<prefix>:key-failures:<address>`): reading it is one GET, a failure one
 * atomic increment. When Redis fails or stalls (redis-or-memory.ts), an in-memory window of the same size
 * answers for this replica, so a Redis outage neither blocks partners nor lets an address churn keys unlimited.
 */
export function createKeyFailures(redis: RedisClient, options: KeyFailureOptions): KeyFailures {
  const { limit, windowSeconds, prefix = 'rl', redisWaitMs = 250, redisRestMs = 1000 } = options;
  const decide = redisOrMemory(redisWaitMs, redisRestMs);
  const keyPrefix = `${prefix}:key-failures`;
  const { shared, local } = windowsOf(redis, keyPrefix, limit, windowSeconds);
  return {
    async standing(address) {
      return blockedBy(
        await decide(
          () => shared.get(address),
          () => local.get(address),
        ),
        limit,
      );
    },
    async record(address) {
      await decide(
        () => shared.penalty(address, 1),
        () => local.penalty(address, 1),
      );
    },
  };
}

function blockedBy(window: RateLimiterRes | null, limit: number): AddressStanding {
  if (!window || window.consumedPoints < limit) return { blocked: false };
  return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil(window.msBeforeNext / 1000)) };
}
