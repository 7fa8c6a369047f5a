import { createAuditOutbox } from '@travel/audit';
import { metricValue, noteCappedRead } from '@travel/metrics';
import { failureOf, testLogger, walkPages, wireCallers } from '@travel/testkit';
import { createPricingRuleRepository } from '../src/db/pricing-rule.repository';
import { createCachedRules } from '../src/domain/cached-rules';
import { type PricingUnderTest, pricingDatabase, startPricing } from './pricing.fixture';

// ListRules page by page, and the rules in memory bounded by a cap past which lookups read the store.

const ACTOR = wireCallers.platformStaff(['pricing'], 'usr_ct_pricing_pages');
let pricing: PricingUnderTest;

beforeAll(async () => {
  pricing = await startPricing(pricingDatabase());
});
afterAll(async () => {
  await pricing?.stop();
});

const SERVICES = ['flight', 'hotel', 'car', 'insurance'] as const;

describe('pricing rules, page by page', () => {
  it('when the rules are walked three at a time, then each comes once, oldest first, with the defaults in force on every page', async () => {
    const made: string[] = [];
    for (const service of SERVICES) {
      const { rule } = await pricing.client.createRule({
        caller: ACTOR,
        kind: 'margin',
        tenantId: 'ten_p',
        service,
        bps: 700,
      });
      made.push(rule?.id ?? '');
    }
    for (const kind of ['tax', 'fee'] as const) {
      const { rule } = await pricing.client.createRule({ caller: ACTOR, kind, service: 'car', bps: 300 });
      made.push(rule?.id ?? '');
    }
    made.push(
      (await pricing.client.createRule({ caller: ACTOR, kind: 'margin', tenantId: 'ten_q', bps: 900 })).rule
        ?.id ?? '',
    );

    const defaultsSeen: number[] = [];
    const { rows, pages } = await walkPages(async (cursor) => {
      const page = await pricing.client.listRules({ caller: ACTOR, limit: 3, cursor });
      defaultsSeen.push(page.effectiveDefaults.length);
      return { rows: page.rules, nextCursor: page.nextCursor };
    }, 3);
    expect(rows.map((rule) => rule.id)).toEqual(made);
    expect(pages).toBe(3);
    // Nine platform slots, two of them (car tax and fee) filled: seven defaults, on each page.
    expect(defaultsSeen).toEqual([7, 7, 7]);
    const whole = await pricing.client.listRules({ caller: ACTOR });
    expect(whole.rules.map((rule) => rule.id)).toEqual(made);
    expect(whole.nextCursor).toBeUndefined();
  });

  it('when a limit or a cursor is bad, then bad_request names each', async () => {
    expect(await failureOf(pricing.client.listRules({ caller: ACTOR, limit: 0, cursor: 'no' }))).toEqual({
      code: 'bad_request',
      paths: ['limit', 'cursor'],
    });
    expect(await failureOf(pricing.client.listRules({ caller: ACTOR, limit: 101 }))).toEqual({
      code: 'bad_request',
      paths: ['limit'],
    });
  });
});

describe('pricing rules in memory: a cap, then the store slot by slot', () => {
  it('when the table holds more rules than the cap, then lookups still find every rule (from the store) and the cap is counted', async () => {
    const rules = createPricingRuleRepository(pricing.built.mongo.connection, createAuditOutbox());
    const capped = () => metricValue('capped_reads_total', { read: 'pricing.rules_cache' });
    const before = await capped();
    const cache = createCachedRules({
      loadUpTo: (count) => rules.list(undefined, count),
      store: rules,
      cap: 2,
      capReached: () => noteCappedRead(testLogger(), 'pricing.rules_cache', 2),
      ttlMs: 60_000,
      now: () => performance.now(),
    });
    // The walk above stored seven rules: past a cap of 2, the newest one is still found.
    const newest = { kind: 'margin', tenantId: 'ten_q', service: null } as const;
    expect((await cache.findInSlots([newest])).map((rule) => rule.bps)).toEqual([900]);
    expect((await cache.findInSlots([{ kind: 'tax', tenantId: null, service: 'car' }]))[0]?.bps).toBe(300);
    expect(await capped()).toBe(before + 1);
    // Within the cap, the table is kept: no store read per lookup.
    const roomy = createCachedRules({
      loadUpTo: (count) => rules.list(undefined, count),
      store: { findInSlots: () => Promise.reject(new Error('read slot by slot within the cap')) },
      cap: 100,
      capReached: () => noteCappedRead(testLogger(), 'pricing.rules_cache', 100),
      ttlMs: 60_000,
      now: () => performance.now(),
    });
    expect((await roomy.findInSlots([newest])).map((rule) => rule.bps)).toEqual([900]);
    expect(await capped()).toBe(before + 1);
  });
});
