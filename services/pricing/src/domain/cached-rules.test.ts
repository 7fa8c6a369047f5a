import { createCachedRules } from './cached-rules';
import type { PricingRule } from './pricing-rule';

const at = new Date('2026-01-01T00:00:00Z');
const rule = (bps: number): PricingRule => ({
  id: `prc_${bps}`,
  kind: 'margin',
  tenantId: null,
  service: null,
  bps,
  createdAt: at,
  updatedAt: at,
});
const PLATFORM_MARGIN = [{ kind: 'margin', tenantId: null, service: null }] as const;

/** Well within the cap: these lookups never read the store slot by slot. */
const bounds = {
  cap: 1000,
  capReached: () => {
    throw new Error('the cap is not reached here');
  },
  store: { findInSlots: () => Promise.reject(new Error('the store is not read slot by slot here')) },
};

/** A table whose reads the test answers by hand, so it decides when a load finishes. */
function table() {
  const reads: { resolve(rules: PricingRule[]): void }[] = [];
  return {
    reads,
    loadUpTo: () => new Promise<PricingRule[]>((resolve) => reads.push({ resolve })),
  };
}

describe('cached rules', () => {
  it('when many lookups miss at once, then they share one load, and later lookups read none', async () => {
    const { reads, loadUpTo } = table();
    const cache = createCachedRules({ ...bounds, loadUpTo, ttlMs: 60_000, now: () => 0 });
    const lookups = Array.from({ length: 20 }, () => cache.findInSlots(PLATFORM_MARGIN));
    expect(reads).toHaveLength(1);
    reads[0]?.resolve([rule(100)]);
    for (const found of await Promise.all(lookups)) expect(found).toEqual([rule(100)]);
    expect(await cache.findInSlots(PLATFORM_MARGIN)).toEqual([rule(100)]);
    expect(await cache.findInSlots([{ kind: 'tax', tenantId: null, service: 'car' }])).toEqual([]);
    expect(reads).toHaveLength(1);
  });

  it('when dropped during a load, then that load answers its waiting lookups but is not kept', async () => {
    const { reads, loadUpTo } = table();
    const cache = createCachedRules({ ...bounds, loadUpTo, ttlMs: 60_000, now: () => 0 });
    const before = cache.findInSlots(PLATFORM_MARGIN);
    cache.drop(); // a change was heard while the read may have seen the store before it
    const after = cache.findInSlots(PLATFORM_MARGIN);
    expect(reads).toHaveLength(2);
    reads[0]?.resolve([rule(100)]);
    reads[1]?.resolve([rule(200)]);
    expect(await before).toEqual([rule(100)]);
    expect(await after).toEqual([rule(200)]);
    expect(await cache.findInSlots(PLATFORM_MARGIN)).toEqual([rule(200)]);
    expect(reads).toHaveLength(2);
  });

  it('when the stale load finishes last, then the fresh one is still what is kept', async () => {
    const { reads, loadUpTo } = table();
    const cache = createCachedRules({ ...bounds, loadUpTo, ttlMs: 60_000, now: () => 0 });
    const before = cache.findInSlots(PLATFORM_MARGIN);
    cache.drop();
    const after = cache.findInSlots(PLATFORM_MARGIN);
    reads[1]?.resolve([rule(200)]);
    await after;
    reads[0]?.resolve([rule(100)]);
    await before;
    expect(await cache.findInSlots(PLATFORM_MARGIN)).toEqual([rule(200)]);
    expect(reads).toHaveLength(2);
  });

  it('when the rules are older than the expiry, then the next lookup loads them again', async () => {
    const { reads, loadUpTo } = table();
    let clock = 0;
    const cache = createCachedRules({ ...bounds, loadUpTo, ttlMs: 1000, now: () => clock });
    const first = cache.findInSlots(PLATFORM_MARGIN);
    reads[0]?.resolve([rule(100)]);
    await first;
    clock = 999;
    expect(await cache.findInSlots(PLATFORM_MARGIN)).toEqual([rule(100)]);
    clock = 1000;
    const reloaded = cache.findInSlots(PLATFORM_MARGIN);
    expect(reads).toHaveLength(2);
    reads[1]?.resolve([]);
    expect(await reloaded).toEqual([]);
  });

  it('when a load fails, then its lookups fail and the next lookup loads again', async () => {
    let calls = 0;
    const cache = createCachedRules({
      ...bounds,
      loadUpTo: async () => {
        calls++;
        if (calls === 1) throw new Error('store down');
        return [rule(300)];
      },
      ttlMs: 60_000,
      now: () => 0,
    });
    await expect(cache.findInSlots(PLATFORM_MARGIN)).rejects.toThrow('store down');
    expect(await cache.findInSlots(PLATFORM_MARGIN)).toEqual([rule(300)]);
    expect(calls).toBe(2);
  });
});
