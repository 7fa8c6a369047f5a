import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { answerWithin } from '../clients/answer-within';
import type { RedisClient } from '../clients/redis';

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  resetSeconds: number;
}

export interface RateLimits {
  consume(keyId: string, limit: RateLimit): Promise<RateDecision>;
}

export interface RateLimitOptions {
  /** Prefix of every window key, so copies of the platform can share one Redis. */
  prefix?: string;
  /**
   * How long Redis's count is awaited before the in-memory window decides instead; after such a wait the
   * in-memory windows decide alone for `redisRestMs`, so a stalled Redis costs one wait, not one per call.
   */
  redisWaitMs?: number;
  redisRestMs?: number;
}

/** One limit's windows: shared in Redis, and the in-memory window each replica falls back to. */
interface Windows {
  shared: RateLimiterRedis;
  local: RateLimiterMemory;
}

/**
 * Fixed-window limits per key in Redis, shared by every gateway replica (one atomic increment per
 * call). If Redis fails, or has not answered within `redisWaitMs` (reachable but stalled), each replica
 * falls back to an in-memory window of the same size rather than refusing or holding all traffic;
 * readiness reports Redis down meanwhile.
 */
export function createRateLimits(redis: RedisClient, options: RateLimitOptions = {}): RateLimits {
  const { prefix = 'rl', redisWaitMs = 250, redisRestMs = 1000 } = options;
  let redisRestsUntil = 0;
  const windows = new Map<string, Windows>();
  const windowsFor = ({ limit, windowSeconds }: RateLimit) => {
    const id = `${limit}/${windowSeconds}`;
    let found = windows.get(id);
    if (!found) {
      // The limit is part of the Redis key, so a changed limit starts a fresh window.
      const keyPrefix = `${prefix}:${limit}:${windowSeconds}`;
      const local = new RateLimiterMemory({ keyPrefix, points: limit, duration: windowSeconds });
      const shared = new RateLimiterRedis({
        storeClient: redis,
        // node-redis (not ioredis): the same Lua increment, sent with EVAL.
        useRedisPackage: true,
        keyPrefix,
        points: limit,
        duration: windowSeconds,
        insuranceLimiter: local,
      });
      found = { shared, local };
      windows.set(id, found);
    }
    return found;
  };
  return {
    async consume(keyId, limit) {
      const { shared, local } = windowsFor(limit);
      try {
        if (Date.now() < redisRestsUntil) return decision(true, limit, await local.consume(keyId));
        const counted = await answerWithin(shared.consume(keyId), redisWaitMs, () => {
          redisRestsUntil = Date.now() + redisRestMs;
          return local.consume(keyId);
        });
        return decision(true, limit, counted);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return decision(false, limit, rejection);
        throw rejection;
      }
    },
  };
}

function decision(allowed: boolean, { limit }: RateLimit, result: RateLimiterRes): RateDecision {
  return {
    allowed,
    limit,
    remaining: Math.max(0, result.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
  };
}
