import { counter } from '@travel/metrics';

/** The caches of the access directory, as they are named in metrics. */
export type AccessCacheName =
  | 'api_keys'
  | 'api_settings'
  | 'staff_sessions'
  | 'customer_sessions'
  | 'platform_settings'
  | 'console_ip_rules';

/**
 * How one lookup was answered: `hit` from a fresh entry; `miss` by asking identity; `stale` from an entry past its
 * freshness because identity could not be asked; `unavailable` by nobody (nothing cached, identity unreachable: 503).
 */
export type LookupResult = 'hit' | 'miss' | 'stale' | 'unavailable';

export interface AccessCacheCounts {
  lookup(result: LookupResult): void;
  /** Entries dropped because identity announced a change to them. */
  evicted(entries: number): void;
}

/** `gateway_access_cache_lookups_total` and `gateway_access_cache_evictions_total` of one cache. */
export function accessCacheCounts(cache: AccessCacheName): AccessCacheCounts {
  const lookups = counter(
    'gateway_access_cache_lookups_total',
    'Lookups in the access directory, by cache and how they were answered (hit, miss, stale, unavailable).',
    ['cache', 'result'],
  );
  const evictions = counter(
    'gateway_access_cache_evictions_total',
    'Access directory entries evicted because identity announced a change to them.',
    ['cache'],
  );
  return {
    lookup: (result) => lookups.inc({ cache, result }),
    evicted: (entries) => {
      if (entries > 0) evictions.inc({ cache }, entries);
    },
  };
}
