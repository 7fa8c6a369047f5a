import { AppError } from '@travel/errors';
import { metricValue } from '@travel/metrics';
import { type AccessCacheName, accessCacheCounts, type LookupResult } from './access-cache-metrics';
import { createIdentityReachability } from './identity-reachability';
import { createInvalidatingCache, type Loaded } from './invalidating-cache';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const FRESH_MS = 60_000;
const GRACE_MS = 600_000;
const REST_MS = 1000;

/** Values are `{ key, version }`; `down` makes identity unreachable; `loads` lists every key asked for. */
function harness(options: { tagsOf?: (key: string) => string[]; cache?: AccessCacheName } = {}) {
  let clock = 1_000_000;
  const state = { down: false, versions: new Map<string, number>(), loads: [] as string[] };
  const now = () => clock;
  const cache = createInvalidatingCache<{ key: string; version: number }>({
    load: async (key) => {
      state.loads.push(key);
      if (state.down) throw new AppError('service_unavailable');
      if (key.startsWith('unknown')) return { value: undefined };
      const version = (state.versions.get(key) ?? 0) + 1;
      state.versions.set(key, version);
      return { value: { key, version }, tags: options.tagsOf?.(key) ?? [] };
    },
    freshMs: FRESH_MS,
    graceMs: GRACE_MS,
    max: 100,
    reachability: createIdentityReachability({ restMs: REST_MS, now }),
    counts: accessCacheCounts(options.cache ?? 'api_keys'),
    now,
  });
  return {
    cache,
    state,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

/** The lookups counted for one cache while `run` runs, by result. */
async function counted(cache: AccessCacheName, run: () => Promise<void>) {
  const results: LookupResult[] = ['hit', 'miss', 'stale', 'unavailable'];
  const read = () =>
    Promise.all(
      results.map((result) => metricValue('gateway_access_cache_lookups_total', { cache, result })),
    );
  const before = await read();
  await run();
  const after = await read();
  return Object.fromEntries(results.map((result, i) => [result, (after[i] ?? 0) - (before[i] ?? 0)]));
}

describe('an access cache invalidated by entry', () => {
  it('when a key is read twice, then it is loaded once (a hit); an absent answer is cached too', async () => {
    const { cache, state } = harness({ cache: 'api_settings' });
    const counts = await counted('api_settings', async () => {
      expect(await cache.get('k1')).toEqual({ key: 'k1', version: 1 });
      expect(await cache.get('k1')).toEqual({ key: 'k1', version: 1 });
      expect(await cache.get('unknown-1')).toBeUndefined();
      expect(await cache.get('unknown-1')).toBeUndefined();
    });
    expect(state.loads).toEqual(['k1', 'unknown-1']);
    expect(counts).toEqual({ hit: 2, miss: 2, stale: 0, unavailable: 0 });
  });

  it('when misses for one key overlap, then they share one load', async () => {
    let loads = 0;
    const gate = deferred<Loaded<{ v: number }>>();
    const now = () => 0;
    const cache = createInvalidatingCache({
      load: () => {
        loads++;
        return gate.promise;
      },
      freshMs: FRESH_MS,
      graceMs: 0,
      max: 10,
      reachability: createIdentityReachability({ restMs: REST_MS, now }),
      counts: accessCacheCounts('api_keys'),
      now,
    });
    const both = Promise.all([cache.get('k'), cache.get('k')]);
    gate.resolve({ value: { v: 1 } });
    expect(await both).toEqual([{ v: 1 }, { v: 1 }]);
    expect(loads).toBe(1);
  });

  it('when one key is evicted, then only it is loaded again; every other entry stays a hit', async () => {
    const { cache, state } = harness({ cache: 'customer_sessions' });
    for (const key of ['s1', 's2', 's3']) await cache.get(key);
    cache.evict('s2');
    const counts = await counted('customer_sessions', async () => {
      for (const key of ['s1', 's2', 's3']) await cache.get(key);
    });
    expect(state.loads).toEqual(['s1', 's2', 's3', 's2']);
    expect(await cache.get('s2')).toEqual({ key: 's2', version: 2 });
    expect(counts).toEqual({ hit: 2, miss: 1, stale: 0, unavailable: 0 });
  });

  it('when a tag is evicted, then exactly the entries carrying it are loaded again', async () => {
    // Keys a1 and a2 belong to client 1, b1 to client 2.
    const { cache, state } = harness({ tagsOf: (key) => [`key:${key}`, `client:${key[0]}`] });
    for (const key of ['a1', 'a2', 'b1']) await cache.get(key);
    cache.evictTagged('client:a');
    for (const key of ['a1', 'a2', 'b1']) await cache.get(key);
    expect(state.loads).toEqual(['a1', 'a2', 'b1', 'a1', 'a2']);
    cache.evictTagged('key:b1');
    for (const key of ['a1', 'a2', 'b1']) await cache.get(key);
    expect(state.loads.slice(5)).toEqual(['b1']);
    // A tag nothing carries evicts nothing.
    cache.evictTagged('client:z');
    for (const key of ['a1', 'a2', 'b1']) await cache.get(key);
    expect(state.loads).toHaveLength(6);
  });

  it('when the caller names a tag (the user of a session), then a change to it evicts the entry', async () => {
    const { cache, state } = harness({ cache: 'staff_sessions' });
    await cache.get('sess-1', ['user:u1']);
    await cache.get('sess-2', ['user:u2']);
    cache.evictTagged('user:u1');
    await cache.get('sess-1', ['user:u1']);
    await cache.get('sess-2', ['user:u2']);
    expect(state.loads).toEqual(['sess-1', 'sess-2', 'sess-1']);
  });

  it('when a change is announced while a load is in flight, then its answer is given but not kept', async () => {
    for (const change of ['key', 'tag'] as const) {
      const answers = [deferred<Loaded<{ state: string }>>(), deferred<Loaded<{ state: string }>>()];
      let call = 0;
      const now = () => 0;
      const cache = createInvalidatingCache({
        load: () => (answers[call++] as (typeof answers)[number]).promise,
        freshMs: FRESH_MS,
        graceMs: 0,
        max: 10,
        reachability: createIdentityReachability({ restMs: REST_MS, now }),
        counts: accessCacheCounts('api_keys'),
        now,
      });
      const stale = cache.get('k');
      if (change === 'key') cache.evict('k');
      else cache.evictTagged('client:1');
      (answers[0] as (typeof answers)[number]).resolve({ value: { state: 'before' }, tags: ['client:1'] });
      expect(await stale).toEqual({ state: 'before' });
      const fresh = cache.get('k');
      (answers[1] as (typeof answers)[number]).resolve({ value: { state: 'after' }, tags: ['client:1'] });
      expect(await fresh).toEqual({ state: 'after' });
      expect(await cache.get('k')).toEqual({ state: 'after' });
      expect(call).toBe(2);
    }
  });

  it('when an entry is older than its freshness, then it is loaded again (the backstop)', async () => {
    const { cache, state, advance } = harness();
    await cache.get('k');
    advance(FRESH_MS - 1);
    expect(await cache.get('k')).toEqual({ key: 'k', version: 1 });
    advance(1);
    expect(await cache.get('k')).toEqual({ key: 'k', version: 2 });
    expect(state.loads).toEqual(['k', 'k']);
  });

  it('when identity cannot be asked, then a known entry answers past its freshness until the grace ends, and an unknown key is 503 at once', async () => {
    const { cache, state, advance } = harness({ cache: 'staff_sessions' });
    await cache.get('known');
    await cache.get('unknown-1');
    state.down = true;
    advance(FRESH_MS);
    const counts = await counted('staff_sessions', async () => {
      // The first lookup asks identity and finds it down; then lookups rest, asking nobody.
      expect(await cache.get('known')).toEqual({ key: 'known', version: 1 });
      expect(await cache.get('unknown-1')).toBeUndefined();
      await expect(cache.get('new')).rejects.toMatchObject({ code: 'service_unavailable' });
      expect(await cache.get('known')).toEqual({ key: 'known', version: 1 });
    });
    expect(counts).toEqual({ hit: 0, miss: 0, stale: 3, unavailable: 1 });
    expect(state.loads.slice(2)).toEqual(['known']);

    // After the rest one lookup probes; still down.
    advance(REST_MS);
    await expect(cache.get('new')).rejects.toMatchObject({ code: 'service_unavailable' });
    expect(state.loads.slice(3)).toEqual(['new']);

    // Past the grace, the entry is gone: 503 too.
    advance(GRACE_MS);
    await expect(cache.get('known')).rejects.toMatchObject({ code: 'service_unavailable' });

    // Identity back: the next probe answers, and lookups ask again.
    state.down = false;
    advance(REST_MS);
    expect(await cache.get('known')).toEqual({ key: 'known', version: 2 });
    expect(await cache.get('new')).toEqual({ key: 'new', version: 1 });
  });

  it('when an entry was evicted by a change, then identity down answers 503 for it, never its old value', async () => {
    const { cache, state } = harness();
    await cache.get('revoked');
    cache.evict('revoked');
    state.down = true;
    await expect(cache.get('revoked')).rejects.toMatchObject({ code: 'service_unavailable' });
  });

  it('when everything is revalidated (a gap in the changes), then each entry is asked for again, but still answers while identity is down', async () => {
    const { cache, state } = harness();
    await cache.get('a');
    await cache.get('b');
    cache.revalidateAll();
    expect(await cache.get('a')).toEqual({ key: 'a', version: 2 });
    state.down = true;
    expect(await cache.get('b')).toEqual({ key: 'b', version: 1 });
    expect(state.loads).toEqual(['a', 'b', 'a', 'b']);
  });

  it('when the load fails for another reason (identity answered an error), then the error goes to the caller and nothing is cached', async () => {
    let fail = true;
    const now = () => 0;
    const cache = createInvalidatingCache<{ v: number }>({
      load: async () => {
        if (fail) throw new AppError('internal_error');
        return { value: { v: 1 } };
      },
      freshMs: FRESH_MS,
      graceMs: GRACE_MS,
      max: 10,
      reachability: createIdentityReachability({ restMs: REST_MS, now }),
      counts: accessCacheCounts('api_keys'),
      now,
    });
    await expect(cache.get('k')).rejects.toMatchObject({ code: 'internal_error' });
    fail = false;
    // Not an outage: the next lookup asks at once.
    expect(await cache.get('k')).toEqual({ v: 1 });
  });
});
