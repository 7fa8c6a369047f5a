import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
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
  });
  return { shared, local };
}

/**
 * Redis's answer if it comes within `redisWaitMs`, else the in-memory window's; a Redis error (not a refusal:
 * that is an answer) falls back at once. After a wait the in-memory windows answer alone for `redisRestMs`, so a
 * stalled Redis costs one wait, not one per call. The in-memory window counts this replica's calls all along
 * (each one Redis answered is counted there too), so a fall-back never admits what this replica alone has
 * already spent: a key that used its limit is still refused while Redis stalls.
 */
export function redisOrMemory(redisWaitMs: number, redisRestMs: number) {
  let redisRestsUntil = 0;
  return <T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> => {
    if (Date.now() < redisRestsUntil) return local();
    let fellBack = false;
    const fallBack = () => {
      fellBack = true;
      return local();
    };
    const alsoLocally = () => {
      if (!fellBack) local().catch(() => undefined);
    };
    const answered = shared().then(
      (value) => {
        alsoLocally();
        return value;
      },
      (error: unknown) => {
        if (fellBack) throw error;
        if (!(error instanceof RateLimiterRes)) return fallBack();
        alsoLocally();
        throw error;
      },
    );
    return answerWithin(answered, redisWaitMs, () => {
      redisRestsUntil = Date.now() + redisRestMs;
      return fallBack();
    });
  };
}
