import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
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

/**
 * Fixed-window limits per key in Redis, shared by every gateway replica (one atomic increment per
 * call). If Redis fails, each replica falls back to an in-memory window of the same size rather than
 * refusing all traffic; readiness reports Redis down meanwhile.
 */
export function createRateLimits(redis: RedisClient, prefix = 'rl'): RateLimits {
  const limiters = new Map<string, RateLimiterRedis>();
  const limiterFor = ({ limit, windowSeconds }: RateLimit) => {
    const id = `${limit}/${windowSeconds}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      // The limit is part of the Redis key, so a changed limit starts a fresh window.
      const keyPrefix = `${prefix}:${limit}:${windowSeconds}`;
      limiter = new RateLimiterRedis({
        storeClient: redis,
        // node-redis (not ioredis): the same Lua increment, sent with EVAL.
        useRedisPackage: true,
        keyPrefix,
        points: limit,
        duration: windowSeconds,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix, points: limit, duration: windowSeconds }),
      });
      limiters.set(id, limiter);
    }
    return limiter;
  };
  return {
    async consume(keyId, limit) {
      try {
        return decision(true, limit, await limiterFor(limit).consume(keyId));
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
