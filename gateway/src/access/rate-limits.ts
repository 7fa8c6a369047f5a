import { LRUCache } from 'lru-cache';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { RedisClient } from '../clients/redis';
import { redisOrMemory, type Windows, windowsOf } from './redis-or-memory';
import { type Reservation, type ShareDecision, windowShare } from './window-share';

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
  /**
   * The share of a window's limit a replica reserves at a time, in percent (at least one call). With the
   * default 1 %, limits under 200 a window are counted one call at a time; a key allowed 100,000 a second
   * costs Redis one call per 1,000.
   */
  sharePercent?: number;
}

/** Most windows a replica keeps shares of; the least recently used goes first (its unspent calls with it). */
const MAX_SHARES = 10_000;

/**
 * Fixed-window limits per key in Redis, shared by every gateway replica: each replica reserves a share of
 * a key's window at a time with one atomic increment and admits calls from it (window-share.ts), so a
 * window never admits more than its limit across replicas. If Redis fails, or has not answered within
 * `redisWaitMs` (reachable but stalled), each replica reserves from an in-memory window of the same size
 * instead, rather than refusing or holding all traffic; readiness reports Redis down meanwhile.
 */
export function createRateLimits(redis: RedisClient, options: RateLimitOptions = {}): RateLimits {
  const { prefix = 'rl', redisWaitMs = 250, redisRestMs = 1000, sharePercent = 1 } = options;
  if (!(sharePercent > 0 && sharePercent <= 100)) throw new RangeError('sharePercent must be in (0, 100]');
  const decide = redisOrMemory(redisWaitMs, redisRestMs);
  const windows = new Map<string, Windows>();
  const windowsFor = ({ limit, windowSeconds }: RateLimit) => {
    const id = `${limit}/${windowSeconds}`;
    let found = windows.get(id);
    if (!found) {
      // The limit is part of the Redis key, so a changed limit starts a fresh window.
      const keyPrefix = `${prefix}:${limit}:${windowSeconds}`;
      found = windowsOf(redis, keyPrefix, limit, windowSeconds);
      windows.set(id, found);
    }
    return found;
  };

  /** Reserves `calls` of a key's window: from Redis, or from the in-memory window when Redis cannot answer. */
  async function reserve(keyId: string, limit: RateLimit, calls: number): Promise<Reservation> {
    const { shared, local } = windowsFor(limit);
    let counted: RateLimiterRes;
    try {
      counted = await decide(
        () => shared.consume(keyId, calls),
        () => local.consume(keyId, calls),
      );
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      counted = rejection;
    }
    // Past the limit, the part of this reservation that still fitted is granted; the rest was never there.
    const before = counted.consumedPoints - calls;
    return {
      granted: Math.max(0, Math.min(calls, limit.limit - before)),
      sharedRemaining: Math.max(0, limit.limit - counted.consumedPoints),
      windowEndsAt: Date.now() + counted.msBeforeNext,
    };
  }

  const shares = new LRUCache<string, () => Promise<ShareDecision>>({ max: MAX_SHARES });
  return {
    async consume(keyId, limit) {
      const id = `${limit.limit}/${limit.windowSeconds}/${keyId}`;
      let take = shares.get(id);
      if (!take) {
        const calls = Math.max(1, Math.floor((limit.limit * sharePercent) / 100));
        take = windowShare(() => reserve(keyId, limit, calls));
        shares.set(id, take);
      }
      return decision(limit, await take());
    },
  };
}

function decision({ limit }: RateLimit, share: ShareDecision): RateDecision {
  return {
    allowed: share.allowed,
    limit,
    remaining: share.remaining,
    resetSeconds: Math.max(1, Math.ceil((share.windowEndsAt - Date.now()) / 1000)),
  };
}
