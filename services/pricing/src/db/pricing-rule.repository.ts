import { type AuditEntry, type AuditOutbox, auditOf, withAuditEntry } from '@travel/audit';
import { AppError } from '@travel/errors';
import { CREATED_ORDER, createCounters, createdAfter, isDuplicateKeyError, modelOn } from '@travel/mongo';
import type { CreatedPosition } from '@travel/paging';
import type { Connection } from 'mongoose';
import { type PricingRule, type RuleSlot, slotKey } from '../domain/pricing-rule';
import { type PricingRuleDocument, pricingRuleSchema } from './pricing-rule.schema';

export interface PricingRuleRepository {
  /**
   * Stores a rule under the next `prc_<n>` with the audit entry `entryOf` makes of it; a slot that already has
   * a rule is `conflict`. Every change below is stored with its entry likewise.
   */
  create(
    slot: RuleSlot,
    bps: number,
    at: Date,
    entryOf: (rule: PricingRule) => AuditEntry,
  ): Promise<PricingRule>;
  findById(id: string): Promise<PricingRule | null>;
  /** Oldest first, `count` at most after `after` (ListRules, page by page; and the rules kept in memory). */
  list(after: CreatedPosition | undefined, count: number): Promise<PricingRule[]>;
  /** The rules stored in these slots (at most one each). */
  findInSlots(slots: readonly RuleSlot[]): Promise<PricingRule[]>;
  /** The changed rule; null when there is no such rule at the rate `fromBps` (gone, or changed meanwhile). */
  updateBps(
    id: string,
    fromBps: number,
    bps: number,
    at: Date,
    entry: AuditEntry,
  ): Promise<PricingRule | null>;
  /** Leaves a tombstone holding the entry until it is relayed; false when there was no such rule. */
  delete(id: string, entry: AuditEntry): Promise<boolean>;
}

export function createPricingRuleRepository(
  connection: Connection,
  audit: AuditOutbox,
): PricingRuleRepository {
  const model = audit.track(modelOn(connection, 'PricingRule', pricingRuleSchema));
  const counters = createCounters(connection);
  return {
    async create(slot, bps, at, entryOf) {
      const doc: PricingRuleDocument = {
        _id: `prc_${await counters.next('pricing_rule')}`,
        slot: slotKey(slot),
        ...slot,
        bps,
        createdAt: at,
        updatedAt: at,
      };
      try {
        await model.create({ ...doc, ...auditOf(entryOf(toRule(doc))) });
        audit.written();
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
    async findById(id) {
      const doc = await model.findById(id).lean<PricingRuleDocument>();
      return doc ? toRule(doc) : null;
    },
    async updateBps(id, fromBps, bps, at, entry) {
      const doc = await model
        .findOneAndUpdate(
          { _id: id, bps: fromBps },
          withAuditEntry({ $set: { bps, updatedAt: at } }, entry),
          { new: true },
        )
        .lean<PricingRuleDocument>();
      if (doc) audit.written();
      return doc ? toRule(doc) : null;
    },
    async delete(id, entry) {
      return (await audit.tombstone(model, { _id: id }, entry)) !== null;
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
