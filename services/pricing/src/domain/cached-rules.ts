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
  /** Every stored rule, in one read. */
  loadAll(): Promise<PricingRule[]>;
  /** The safety net: rules older than this are loaded again even if no change was heard. */
  ttlMs: number;
  /** Monotonic milliseconds. */
  now(): number;
}

/**
 * The whole rule table in memory (a few slots per tenant: small), so a quote or a search does not wait on the
 * store. Concurrent lookups of a cold cache share one load. `drop()` is called when a change is announced.
 */
export function createCachedRules({ loadAll, ttlMs, now }: CachedRulesDeps): CachedRules {
  let loaded: { bySlot: Map<string, PricingRule>; at: number } | null = null;
  let loading: Promise<Map<string, PricingRule>> | null = null;
  // Bumped by every drop: a load that began before a drop may have read the store before the change, so
  // what it found answers the lookups that were already waiting for it but is never kept.
  let generation = 0;

  function load(): Promise<Map<string, PricingRule>> {
    const startedIn = generation;
    const at = now();
    const promise = loadAll()
      .then((rules) => {
        const bySlot = new Map(rules.map((rule) => [slotKey(rule), rule]));
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
      return slots.flatMap((slot) => bySlot.get(slotKey(slot)) ?? []);
    },
    drop() {
      generation++;
      loaded = null;
      loading = null;
    },
  };
}
