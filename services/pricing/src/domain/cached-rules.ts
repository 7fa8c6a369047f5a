import { type PricingRule, type RuleSlot, slotKey } from './pricing-rule';

/** Where the rates of a price come from: the rules stored in some slots. */
export interface RulesInSlots {
  findInSlots(slots: readonly RuleSlot[]): Promise<PricingRule[]>;
}

export interface CachedRules extends RulesInSlots {
  /** Forgets every rule (a change was announced); the next lookup loads them again. */
  drop(): void;
}

export interface CachedRulesDeps {
  /** Up to `count` stored rules, in one read. */
  loadUpTo(count: number): Promise<PricingRule[]>;
  /** The store itself: answers the lookups while the table is larger than `cap`. */
  store: RulesInSlots;
  /** The most rules kept in memory. */
  cap: number;
  /** Told when a load found more than `cap` rules (a log line and a metric). */
  capReached(): void;
  /** The safety net: rules older than this are loaded again even if no change was heard. */
  ttlMs: number;
  /** Monotonic milliseconds. */
  now(): number;
}

/**
 * The most rules kept in memory. A tenant fills at most 5 slots (a general margin and one per service), so
 * this is 4,000 tenants with every slot filled, about 6 MB of rules; past it the lookups read the store.
 */
export const RULES_IN_MEMORY_CAP = 20_000;

/** What a load found: every rule by slot, or `null` when there were more than the cap (read through). */
type Loaded = Map<string, PricingRule> | null;

/**
 * The whole rule table in memory (a few slots per tenant: small), so a quote or a search does not wait on the
 * store. Concurrent lookups of a cold cache share one load. `drop()` is called when a change is announced.
 * A table larger than `cap` is not kept: until a later load finds it within the cap again, each lookup reads
 * its few slots from the store (by the unique slot index), so prices stay right and memory stays bounded.
 */
export function createCachedRules({
  loadUpTo,
  store,
  cap,
  capReached,
  ttlMs,
  now,
}: CachedRulesDeps): CachedRules {
  let loaded: { bySlot: Loaded; at: number } | null = null;
  let loading: Promise<Loaded> | null = null;
  // Bumped by every drop: a load that began before a drop may have read the store before the change, so
  // what it found answers the lookups that were already waiting for it but is never kept.
  let generation = 0;

  function load(): Promise<Loaded> {
    const startedIn = generation;
    const at = now();
    const promise = loadUpTo(cap + 1)
      .then((rules) => {
        if (rules.length > cap) capReached();
        const bySlot = rules.length > cap ? null : new Map(rules.map((rule) => [slotKey(rule), rule]));
        if (startedIn === generation) loaded = { bySlot, at };
        return bySlot;
      })
      .finally(() => {
        if (loading === promise) loading = null;
      });
    loading = promise;
    return promise;
  }

  return {
    async findInSlots(slots) {
      const bySlot = loaded && now() - loaded.at < ttlMs ? loaded.bySlot : await (loading ?? load());
      if (bySlot === null) return store.findInSlots(slots);
      return slots.flatMap((slot) => bySlot.get(slotKey(slot)) ?? []);
    },
    drop() {
      generation++;
      loaded = null;
      loading = null;
    },
  };
}
