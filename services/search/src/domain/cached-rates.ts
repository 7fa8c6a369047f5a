import type { Rates } from '@travel/prices';
import type { OfferType } from './finish-offers';

/** Pricing's rates in force for a tenant (null: the platform) and a service; `requestId` is the search's. */
export type LoadRates = (tenantId: string | null, service: OfferType, requestId: string) => Promise<Rates>;

/** Search's read model of pricing's rates (docs/decisions/search-and-pricing.md, "Prices"). */
export interface CachedRates {
  ratesOf(tenantId: string | null, service: OfferType, requestId: string): Promise<Rates>;
  /** Forgets every rate (a change was announced, or may have been missed); the next search loads again. */
  drop(): void;
}

export interface CachedRatesDeps {
  /** Asks pricing for the rates of one tenant and service. */
  load: LoadRates;
  /** The most (tenant, service) rates kept; past it the least recently used go. */
  cap: number;
  /** The safety net: rates older than this are loaded again even if no change was heard. */
  ttlMs: number;
  /** Monotonic milliseconds. */
  now(): number;
}

/**
 * The most (tenant, service) rates kept in memory: 10,000 entries of three numbers and a key, about 2 MB; a
 * tenant searching past it loads its rates again (one call to pricing).
 */
export const RATES_IN_MEMORY_CAP = 10_000;

interface Kept {
  rates: Rates;
  /** When the load that found them began: a change after it may be in them or not. */
  at: number;
}

/**
 * The rates in force per (tenant or platform, service), loaded from pricing on a miss and kept until a
 * `pricing.changes` broadcast drops them all, or at most `ttlMs`. Concurrent misses of one key share one load; a
 * caller that joined a load which failed tries once with its own (the shared call carries the first caller's
 * deadline and is cancelled with it, so another caller's hang-up must not fail this one). A load that began
 * before a drop answers the callers waiting for it but is never kept: it may have read the rules before the change.
 */
export function createCachedRates({ load, cap, ttlMs, now }: CachedRatesDeps): CachedRates {
  // A Map keeps insertion order: a hit moves its key to the end, so the first key is the least recently used.
  const kept = new Map<string, Kept>();
  const loading = new Map<string, Promise<Rates>>();
  let generation = 0;

  function keep(key: string, entry: Kept): void {
    kept.delete(key);
    kept.set(key, entry);
    if (kept.size > cap) kept.delete(kept.keys().next().value as string);
  }

  function startLoad(key: string, tenantId: string | null, service: OfferType, requestId: string) {
    const startedIn = generation;
    const at = now();
    const promise = load(tenantId, service, requestId)
      .then((rates) => {
        if (startedIn === generation) keep(key, { rates, at });
        return rates;
      })
      .finally(() => {
        if (loading.get(key) === promise) loading.delete(key);
      });
    loading.set(key, promise);
    return promise;
  }

  return {
    async ratesOf(tenantId, service, requestId) {
      const key = `${tenantId ?? '*'}:${service}`;
      const entry = kept.get(key);
      if (entry && now() - entry.at < ttlMs) {
        keep(key, entry);
        return entry.rates;
      }
      const shared = loading.get(key);
      if (!shared) return startLoad(key, tenantId, service, requestId);
      try {
        return await shared;
      } catch {
        return loading.get(key) ?? startLoad(key, tenantId, service, requestId);
      }
    },
    drop() {
      generation++;
      kept.clear();
      loading.clear();
    },
  };
}
