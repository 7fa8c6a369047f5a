import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';

export interface ConsoleIpRuleDocument {
  id: string;
  action: 'allow' | 'deny';
  cidr: string;
  note: string;
  createdAt: Date;
  createdBy: string;
}

/**
 * Every console IP rule in one document (`_id: "platform"`), replaced as a whole under a version check:
 * the lock-out guard judges the complete rule set, so two administrators saving at once cannot together
 * produce a set that neither was checked against.
 */
export interface ConsoleIpRulesDocument {
  _id: string;
  version: number;
  rules: ConsoleIpRuleDocument[];
  updatedAt: Date;
}

const ruleSchema = new Schema<ConsoleIpRuleDocument>(
  {
    id: { type: String, required: true },
    action: { type: String, required: true, enum: ['allow', 'deny'] },
    cidr: { type: String, required: true },
    note: { type: String, default: '' },
    createdAt: { type: Date, required: true },
    createdBy: { type: String, default: '' },
  },
  { _id: false },
);

export const consoleIpRulesSchema = new Schema<ConsoleIpRulesDocument>(
  {
    _id: { type: String, required: true },
    version: { type: Number, required: true },
    rules: { type: [ruleSchema], default: [] },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'console_ip_rules', versionKey: false },
);
// Each rule's creation or deletion carries its audit entry until relayed (docs/decisions/audit.md).
withAuditOutbox(consoleIpRulesSchema);
