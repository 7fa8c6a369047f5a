import { AppError } from '@travel/errors';
import { CREATED_ORDER, createCounters, createdAfter, isDuplicateKeyError, modelOn } from '@travel/mongo';
import type { CreatedPosition } from '@travel/paging';
import type { Connection } from 'mongoose';
import { type PricingRule, type RuleSlot, slotKey } from '../domain/pricing-rule';
import { type PricingRuleDocument, pricingRuleSchema } from './pricing-rule.schema';

export interface PricingRuleRepository {
  /** Stores a rule under the next `prc_<n>`; a slot that already has a rule is `conflict`. */
  create(slot: RuleSlot, bps: number, at: Date): Promise<PricingRule>;
  /** Oldest first, `count` at most after `after` (ListRules, page by page; and the rules kept in memory). */
  list(after: CreatedPosition | undefined, count: number): Promise<PricingRule[]>;
  /** The rules stored in these slots (at most one each). */
  findInSlots(slots: readonly RuleSlot[]): Promise<PricingRule[]>;
  /** The changed rule and the rate it had before; null when there is no such rule. */
  updateBps(id: string, bps: number, at: Date): Promise<{ rule: PricingRule; previousBps: number } | null>;
  /** The deleted rule, or null when there was none. */
  delete(id: string): Promise<PricingRule | null>;
}

export function createPricingRuleRepository(connection: Connection): PricingRuleRepository {
  const model = modelOn(connection, 'PricingRule', pricingRuleSchema);
  const counters = createCounters(connection);
  return {
    async create(slot, bps, at) {
      const doc: PricingRuleDocument = {
        _id: `prc_${await counters.next('pricing_rule')}`,
        slot: slotKey(slot),
        ...slot,
        bps,
        createdAt: at,
        updatedAt: at,
      };
      try {
        await model.create(doc);
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        throw new AppError(
          'conflict',
          `A ${slot.kind} rule for this slot already exists; update it instead.`,
        );
      }
      return toRule(doc);
    },
    async list(after, count) {
      const docs = await model
        .find(createdAfter(after))
        .sort(CREATED_ORDER)
        .limit(count)
        .lean<PricingRuleDocument[]>();
      return docs.map(toRule);
    },
    async findInSlots(slots) {
      const docs = await model.find({ slot: { $in: slots.map(slotKey) } }).lean<PricingRuleDocument[]>();
      return docs.map(toRule);
    },
    async updateBps(id, bps, at) {
      // The document as it was, so the audit line can say what the rate was before.
      const before = await model
        .findOneAndUpdate({ _id: id }, { $set: { bps, updatedAt: at } }, { new: false })
        .lean<PricingRuleDocument>();
      return before ? { rule: { ...toRule(before), bps, updatedAt: at }, previousBps: before.bps } : null;
    },
    async delete(id) {
      const doc = await model.findOneAndDelete({ _id: id }).lean<PricingRuleDocument>();
      return doc ? toRule(doc) : null;
    },
  };
}

function toRule(doc: PricingRuleDocument): PricingRule {
  return {
    id: doc._id,
    kind: doc.kind,
    tenantId: doc.tenantId ?? null,
    service: doc.service ?? null,
    bps: doc.bps,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}
