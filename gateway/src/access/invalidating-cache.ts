import { AppError } from '@travel/errors';
import { LRUCache } from 'lru-cache';
import type { AccessCacheCounts } from './access-cache-metrics';
import { type IdentityReachability, isUnreachable } from './identity-reachability';

/** What a load found: the value (`undefined`: "does not exist", cached too) and the changes that evict it. */
export interface Loaded<V> {
  value: V | undefined;
  /** Besides its own key, the tags an announced change may name (`client:42`, `role:rol_1`). */
  tags?: readonly string[];
}

export interface InvalidatingCacheOptions<V> {
  load(key: string): Promise<Loaded<V>>;
  /** Backstop: an entry is asked for again after this long even if no change was announced. */
  freshMs: number;
  /** How long past `freshMs` an entry may still answer while identity cannot be asked; 0: never. */
  graceMs: number;
  max: number;
  reachability: IdentityReachability;
  counts: AccessCacheCounts;
  /** Milliseconds, monotonic (tests pass their own). */
  now: () => number;
}

export interface InvalidatingCache<V> {
  /** The cached value, or identity's answer; `tags` are known to the caller (the user of a session). */
  get(key: string, tags?: readonly string[]): Promise<V | undefined>;
  /** A change to this entry was announced. */
  evict(key: string): void;
  /** A change was announced to something these entries depend on (every key of `client:42`). */
  evictTagged(tag: string): void;
  /** Changes may have been missed: every entry is asked for again, but still answers while identity is down. */
  revalidateAll(): void;
}

const ABSENT = Symbol('absent');

interface Entry<V> {
  value: V | typeof ABSENT;
  loadedAt: number;
  generation: number;
  tags: readonly string[];
}

interface Load<V> {
  promise: Promise<V | undefined>;
  /** A change arrived while it was in flight: it answers its callers but is not kept. */
  discarded: boolean;
}

/**
 * A bounded cache of identity's answers, evicted entry by entry as identity announces changes. Concurrent misses
 * for one key share a single load; a load in flight when a change to its cache arrives answers its callers but is
 * not kept. When identity cannot be asked, an entry past its freshness still answers for `graceMs`; a key with
 * nothing cached is `503 service_unavailable` at once.
 */
export function createInvalidatingCache<V extends object>(
  options: InvalidatingCacheOptions<V>,
): InvalidatingCache<V> {
  const { counts, reachability, now } = options;
  const tagged = new Map<string, Set<string>>();
  const entries = new LRUCache<string, Entry<V>>({
    max: options.max,
    ttl: options.freshMs + options.graceMs,
    perf: { now },
    ttlResolution: 0,
    dispose: (entry, key) => untag(key, entry.tags),
  });
  const loading = new Map<string, Load<V>>();
  let generation = 0;

  function untag(key: string, tags: readonly string[]) {
    for (const tag of tags) {
      const keys = tagged.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) tagged.delete(tag);
    }
  }

  function store(key: string, loaded: Loaded<V>, callerTags: readonly string[]) {
    const tags = [...new Set([...(loaded.tags ?? []), ...callerTags])];
    entries.set(key, { value: loaded.value ?? ABSENT, loadedAt: now(), generation, tags });
    for (const tag of tags) tagged.set(tag, (tagged.get(tag) ?? new Set()).add(key));
  }

  const isFresh = (entry: Entry<V>) =>
    entry.generation === generation && now() - entry.loadedAt < options.freshMs;
  const answerOf = (entry: Entry<V>) => (entry.value === ABSENT ? undefined : entry.value);

  function startLoad(key: string, callerTags: readonly string[]): Load<V> {
    const load: Load<V> = { discarded: false, promise: Promise.resolve(undefined) };
    load.promise = reachability
      .ask(() => options.load(key))
      .then((loaded) => {
        if (!load.discarded) store(key, loaded, callerTags);
        return loaded.value;
      })
      .finally(() => {
        if (loading.get(key) === load) loading.delete(key);
      });
    loading.set(key, load);
    return load;
  }

  /** Identity could not answer: the entry still cached (not evicted meanwhile) answers, or nobody does. */
  function withoutIdentity(key: string, error?: unknown): V | undefined {
    const entry = entries.get(key);
    if (entry) {
      counts.lookup('stale');
      return answerOf(entry);
    }
    counts.lookup('unavailable');
    throw (
      error ?? new AppError('service_unavailable', 'Identity cannot be reached to check your credentials.')
    );
  }

  function discardLoads() {
    for (const load of loading.values()) load.discarded = true;
    loading.clear();
  }

  return {
    async get(key, tags = []) {
      const entry = entries.get(key);
      if (entry && isFresh(entry)) {
        counts.lookup('hit');
        return answerOf(entry);
      }
      const load = loading.get(key) ?? (reachability.mayAsk() ? startLoad(key, tags) : undefined);
      if (!load) return withoutIdentity(key);
      try {
        const value = await load.promise;
        counts.lookup('miss');
        return value;
      } catch (error) {
        if (isUnreachable(error)) return withoutIdentity(key, error);
        counts.lookup('miss');
        throw error;
      }
    },
    evict(key) {
      const load = loading.get(key);
      if (load) load.discarded = true;
      loading.delete(key);
      counts.evicted(entries.delete(key) ? 1 : 0);
    },
    evictTagged(tag) {
      // Which entry a load in flight will find is unknown until it lands: none of them is kept.
      discardLoads();
      const keys = [...(tagged.get(tag) ?? [])];
      for (const key of keys) entries.delete(key);
      counts.evicted(keys.length);
    },
    revalidateAll() {
      generation++;
      discardLoads();
    },
  };
}
