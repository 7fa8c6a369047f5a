import { createInvalidatingCache } from './invalidating-cache';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('invalidating cache', () => {
  it('when a key is read twice, then it is loaded once; an absent answer is cached too', async () => {
    const loads: string[] = [];
    const cache = createInvalidatingCache<{ v: string }>({
      load: async (key) => {
        loads.push(key);
        return key === 'known' ? { v: key } : undefined;
      },
      ttlMs: 60_000,
      max: 10,
    });
    expect(await cache.get('known')).toEqual({ v: 'known' });
    expect(await cache.get('known')).toEqual({ v: 'known' });
    expect(await cache.get('unknown')).toBeUndefined();
    expect(await cache.get('unknown')).toBeUndefined();
    expect(loads).toEqual(['known', 'unknown']);
  });

  it('when misses for one key overlap, then they share one load', async () => {
    let loads = 0;
    const gate = deferred<{ v: number }>();
    const cache = createInvalidatingCache({
      load: () => {
        loads++;
        return gate.promise;
      },
      ttlMs: 60_000,
      max: 10,
    });
    const both = Promise.all([cache.get('k'), cache.get('k')]);
    gate.resolve({ v: 1 });
    expect(await both).toEqual([{ v: 1 }, { v: 1 }]);
    expect(loads).toBe(1);
  });

  it('when cleared, then the next read loads again', async () => {
    let version = 0;
    const cache = createInvalidatingCache({
      load: async () => ({ version: ++version }),
      ttlMs: 60_000,
      max: 10,
    });
    expect(await cache.get('k')).toEqual({ version: 1 });
    cache.clear();
    expect(await cache.get('k')).toEqual({ version: 2 });
  });

  it('when a change is announced while a load is in flight, then its stale answer is not kept', async () => {
    const answers = [deferred<{ state: string }>(), deferred<{ state: string }>()];
    let call = 0;
    const cache = createInvalidatingCache({
      load: () => (answers[call++] as (typeof answers)[number]).promise,
      ttlMs: 60_000,
      max: 10,
    });
    const stale = cache.get('k');
    cache.clear();
    (answers[0] as (typeof answers)[number]).resolve({ state: 'before the change' });
    expect(await stale).toEqual({ state: 'before the change' });
    const fresh = cache.get('k');
    (answers[1] as (typeof answers)[number]).resolve({ state: 'after the change' });
    expect(await fresh).toEqual({ state: 'after the change' });
    expect(await cache.get('k')).toEqual({ state: 'after the change' });
  });
});
