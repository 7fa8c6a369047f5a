import type { Rates } from '@travel/prices';
import { createCachedRates, type LoadRates } from './cached-rates';

const rates = (marginBps: number): Rates => ({ marginBps, taxBps: 500, feeBps: 200 });

/** Pricing's answers, given by hand, so the test decides when each load finishes and what it finds. */
function pricing() {
  const calls: {
    tenantId: string | null;
    service: string;
    requestId: string;
    resolve(found: Rates): void;
    reject(error: Error): void;
  }[] = [];
  const load: LoadRates = (tenantId, service, requestId) =>
    new Promise<Rates>((resolve, reject) => calls.push({ tenantId, service, requestId, resolve, reject }));
  return { calls, load };
}

const bounds = { cap: 1000, ttlMs: 60_000, now: () => 0 };

describe('cached rates (search’s read model of pricing’s rates)', () => {
  it('when many searches miss at once, then they share one load, and later searches load none', async () => {
    const { calls, load } = pricing();
    const cache = createCachedRates({ ...bounds, load });
    const lookups = Array.from({ length: 20 }, (_, i) => cache.ratesOf('ten_a', 'flight', `req_${i}`));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ tenantId: 'ten_a', service: 'flight', requestId: 'req_0' });
    calls[0]?.resolve(rates(100));
    for (const found of await Promise.all(lookups)) expect(found).toEqual(rates(100));
    expect(await cache.ratesOf('ten_a', 'flight', 'req_x')).toEqual(rates(100));
    expect(calls).toHaveLength(1);
  });

  it('when searches of other keys miss, then each (tenant or platform, service) is loaded on its own', async () => {
    const { calls, load } = pricing();
    const cache = createCachedRates({ ...bounds, load });
    const lookups = [
      cache.ratesOf('ten_a', 'flight', 'req_1'),
      cache.ratesOf('ten_a', 'hotel', 'req_2'),
      cache.ratesOf(null, 'flight', 'req_3'),
    ];
    expect(calls.map(({ tenantId, service }) => [tenantId, service])).toEqual([
      ['ten_a', 'flight'],
      ['ten_a', 'hotel'],
      [null, 'flight'],
    ]);
    calls.forEach((call, i) => {
      call.resolve(rates(i));
    });
    expect(await Promise.all(lookups)).toEqual([rates(0), rates(1), rates(2)]);
  });

  it('when a change is heard, then every rate is dropped and the next search loads again', async () => {
    const { calls, load } = pricing();
    const cache = createCachedRates({ ...bounds, load });
    const first = cache.ratesOf('ten_a', 'car', 'req_1');
    calls[0]?.resolve(rates(100));
    await first;
    cache.drop();
    const after = cache.ratesOf('ten_a', 'car', 'req_2');
    expect(calls).toHaveLength(2);
    calls[1]?.resolve(rates(300));
    expect(await after).toEqual(rates(300));
    expect(await cache.ratesOf('ten_a', 'car', 'req_3')).toEqual(rates(300));
    expect(calls).toHaveLength(2);
  });

  it('when dropped during a load, then that load answers its waiting searches but is not kept', async () => {
    const { calls, load } = pricing();
    const cache = createCachedRates({ ...bounds, load });
    const before = cache.ratesOf('ten_a', 'flight', 'req_1');
    cache.drop(); // a change was heard while pricing may have answered from the rules before it
    const after = cache.ratesOf('ten_a', 'flight', 'req_2');
    expect(calls).toHaveLength(2);
    calls[0]?.resolve(rates(100));
    calls[1]?.resolve(rates(200));
    expect(await before).toEqual(rates(100));
    expect(await after).toEqual(rates(200));
    expect(await cache.ratesOf('ten_a', 'flight', 'req_3')).toEqual(rates(200));
    expect(calls).toHaveLength(2);
  });

  it('when the stale load finishes last, then the fresh one is still what is kept', async () => {
    const { calls, load } = pricing();
    const cache = createCachedRates({ ...bounds, load });
    const before = cache.ratesOf('ten_a', 'flight', 'req_1');
    cache.drop();
    const after = cache.ratesOf('ten_a', 'flight', 'req_2');
    calls[1]?.resolve(rates(200));
    await after;
    calls[0]?.resolve(rates(100));
    await before;
    expect(await cache.ratesOf('ten_a', 'flight', 'req_3')).toEqual(rates(200));
    expect(calls).toHaveLength(2);
  });

  it('when the rates are older than the expiry, then the next search loads them again', async () => {
    const { calls, load } = pricing();
    let clock = 0;
    const cache = createCachedRates({ ...bounds, load, ttlMs: 1000, now: () => clock });
    const first = cache.ratesOf(null, 'hotel', 'req_1');
    calls[0]?.resolve(rates(100));
    await first;
    clock = 999;
    expect(await cache.ratesOf(null, 'hotel', 'req_2')).toEqual(rates(100));
    clock = 1000;
    const reloaded = cache.ratesOf(null, 'hotel', 'req_3');
    expect(calls).toHaveLength(2);
    calls[1]?.resolve(rates(150));
    expect(await reloaded).toEqual(rates(150));
  });

  it('when more keys are held than the cap, then the least recently used goes first', async () => {
    let loads = 0;
    const cache = createCachedRates({
      ...bounds,
      cap: 2,
      load: async (tenantId) => {
        loads++;
        return rates(Number(tenantId?.slice(4)));
      },
    });
    await cache.ratesOf('ten_1', 'flight', 'req');
    await cache.ratesOf('ten_2', 'flight', 'req');
    await cache.ratesOf('ten_1', 'flight', 'req'); // ten_1 used again: ten_2 is now the least recent
    await cache.ratesOf('ten_3', 'flight', 'req'); // past the cap: ten_2 goes
    expect(loads).toBe(3);
    expect(await cache.ratesOf('ten_1', 'flight', 'req')).toEqual(rates(1));
    expect(await cache.ratesOf('ten_3', 'flight', 'req')).toEqual(rates(3));
    expect(loads).toBe(3);
    expect(await cache.ratesOf('ten_2', 'flight', 'req')).toEqual(rates(2));
    expect(loads).toBe(4);
  });

  it('when a load fails, then the search that began it fails, nothing is kept, and the next search loads again', async () => {
    const { calls, load } = pricing();
    const cache = createCachedRates({ ...bounds, load });
    const failing = cache.ratesOf('ten_a', 'flight', 'req_1');
    calls[0]?.reject(new Error('pricing unavailable'));
    await expect(failing).rejects.toThrow('pricing unavailable');
    const next = cache.ratesOf('ten_a', 'flight', 'req_2');
    expect(calls).toHaveLength(2);
    calls[1]?.resolve(rates(100));
    expect(await next).toEqual(rates(100));
  });

  it('when a search joined a load that failed, then it tries once with a load of its own (shared by the others that joined)', async () => {
    const { calls, load } = pricing();
    const cache = createCachedRates({ ...bounds, load });
    const leader = cache.ratesOf('ten_a', 'flight', 'req_1');
    const joiners = [cache.ratesOf('ten_a', 'flight', 'req_2'), cache.ratesOf('ten_a', 'flight', 'req_3')];
    // The leader's call ends with the leader (it hung up, or its own deadline passed).
    calls[0]?.reject(new Error('cancelled'));
    await expect(leader).rejects.toThrow('cancelled');
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toHaveLength(2);
    expect(calls[1]?.requestId).toBe('req_2');
    calls[1]?.reject(new Error('pricing unavailable'));
    // Once only: the joiners fail with the second load rather than asking again.
    for (const joiner of joiners) await expect(joiner).rejects.toThrow('pricing unavailable');
    expect(calls).toHaveLength(2);
  });
});
