import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';
import { RULE_KINDS, type RuleKind, SERVICES, type Service } from '../domain/pricing-rule';

/** One pricing rule: `_id` is `prc_<n>` (a counter claim); `slot` is its unique slot key. */
export interface PricingRuleDocument {
  _id: string;
  /** `<kind>:<tenantId|*>:<service|*>` (domain `slotKey`). */
  slot: string;
  kind: RuleKind;
  tenantId: string | null;
  service: Service | null;
  bps: number;
  createdAt: Date;
  updatedAt: Date;
}

export const pricingRuleSchema = new Schema<PricingRuleDocument>(
  {
    _id: { type: String, required: true },
    slot: { type: String, required: true },
    kind: { type: String, required: true, enum: RULE_KINDS },
    tenantId: { type: String, default: null },
    service: { type: String, default: null, enum: [...SERVICES, null] },
    bps: { type: Number, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'pricing_rules', versionKey: false },
);
// Keeps one rule per slot, so of two concurrent creations of a slot one insert lands; serves the reads of
// rules by slot (ListRules' platform defaults; quotes while the table is past the in-memory cap).
pricingRuleSchema.index({ slot: 1 }, { unique: true });
// Serves ListRules page by page and the load of the rules into memory (up to its cap), oldest first.
pricingRuleSchema.index({ createdAt: 1, _id: 1 });
// Its changes' audit entries wait in the document until relayed (docs/decisions/audit.md); deletes are tombstones.
withAuditOutbox(pricingRuleSchema, { tombstones: true });
