import { LRUCache } from 'lru-cache';

export interface InvalidatingCacheOptions<V> {
  /** Loads a missing entry; `undefined` ("does not exist") is cached too, so floods of bad keys stay local. */
  load(key: string): Promise<V | undefined>;
  /** Backstop: an entry is reloaded after this long even if no change was announced. */
  ttlMs: number;
  max: number;
}

export interface InvalidatingCache<V> {
  get(key: string): Promise<V | undefined>;
  /** Drops everything, and makes loads already in flight not store their (possibly stale) answer. */
  clear(): void;
}

const ABSENT = Symbol('absent');

/**
 * A bounded cache dropped as a whole when identity announces a change. Concurrent misses for one key
 * share a single load; a load that started before a `clear()` answers its caller but is not kept.
 */
export function createInvalidatingCache<V extends object>(
  options: InvalidatingCacheOptions<V>,
): InvalidatingCache<V> {
  const entries = new LRUCache<string, V | typeof ABSENT>({ max: options.max, ttl: options.ttlMs });
  const loading = new Map<string, Promise<V | undefined>>();
  let generation = 0;

  async function load(key: string, startedIn: number): Promise<V | undefined> {
    try {
      const value = await options.load(key);
      if (generation === startedIn) entries.set(key, value ?? ABSENT);
      return value;
    } finally {
      if (generation === startedIn) loading.delete(key);
    }
  }

  return {
    async get(key) {
      const cached = entries.get(key);
      if (cached !== undefined) return cached === ABSENT ? undefined : cached;
      const inFlight = loading.get(key);
      if (inFlight) return inFlight;
      const started = load(key, generation);
      loading.set(key, started);
      return started;
    },
    clear() {
      generation++;
      entries.clear();
      loading.clear();
    },
  };
}
