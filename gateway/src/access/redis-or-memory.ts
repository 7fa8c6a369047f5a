import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { answerWithin } from '../clients/answer-within';
import type { RedisClient } from '../clients/redis';

/** A fixed window shared in Redis by every replica, and the in-memory window a replica falls back to. */
export interface Windows {
  shared: RateLimiterRedis;
  local: RateLimiterMemory;
}

/** `limit` points per `windowSeconds` under `keyPrefix`, in Redis and in memory. */
export function windowsOf(
  redis: RedisClient,
  keyPrefix: string,
  limit: number,
  windowSeconds: number,
): Windows {
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
  return { shared, local };
}

/**
 * Redis's answer if it comes within `redisWaitMs`, else the in-memory window's; after such a wait the
 * in-memory windows answer alone for `redisRestMs`, so a stalled Redis costs one wait, not one per call.
 */
export function redisOrMemory(redisWaitMs: number, redisRestMs: number) {
  let redisRestsUntil = 0;
  return <T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> =>
    Date.now() < redisRestsUntil
      ? local()
      : answerWithin(shared(), redisWaitMs, () => {
          redisRestsUntil = Date.now() + redisRestMs;
          return local();
        });
}
