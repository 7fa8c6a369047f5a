import { createdOrderCursor, PAGE_SIZE, type PageQuery, readPage } from '@travel/paging';
import type { PricingRuleRepository } from '../db/pricing-rule.repository';
import { type EffectiveDefault, effectiveDefaults, type PricingRule } from './pricing-rule';

export interface RuleListing {
  /** One page of the stored rules, oldest first. */
  rules: PricingRule[];
  /** The configured defaults in force for the platform slots that no stored rule fills (on every page). */
  effectiveDefaults: EffectiveDefault[];
  nextCursor?: string;
}

const ruleCursors = createdOrderCursor('p1:');

/** The platform's slots (no tenant): the margin, and tax and fee per service. */
const PLATFORM_SLOTS = effectiveDefaults([], 0);

/**
 * A page of the rules: the console loads them whole, so a request without a limit gets the largest page
 * (docs/decisions/http-api.md, "Paged directory lists").
 */
export function createListRules({
  rules,
  defaultMarginBps,
}: {
  rules: PricingRuleRepository;
  defaultMarginBps: number;
}) {
  return async function listRules(query: PageQuery): Promise<RuleListing> {
    const page = await readPage(
      query,
      ruleCursors,
      (after, count) => rules.list(after, count),
      (rule) => ({ at: rule.createdAt.getTime(), id: rule.id }),
      { defaultLimit: PAGE_SIZE.max },
    );
    const platform = await rules.findInSlots(PLATFORM_SLOTS);
    return {
      rules: page.items,
      effectiveDefaults: effectiveDefaults(platform, defaultMarginBps),
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    };
  };
}
