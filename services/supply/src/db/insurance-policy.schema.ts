import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';

export interface InsurancePolicyDocument {
  _id: string;
  n: number;
  /** A tenant id, or `platform`. */
  owner: string;
  insurer: string;
  name: string;
  coverage: number;
  premiumBps: number;
  description?: string;
  createdAt: Date;
  createdBy: string;
}

export const insurancePolicySchema = new Schema<InsurancePolicyDocument>(
  {
    _id: { type: String, required: true },
    n: { type: Number, required: true },
    owner: { type: String, required: true },
    insurer: { type: String, required: true },
    name: { type: String, required: true },
    coverage: { type: Number, required: true },
    premiumBps: { type: Number, required: true },
    description: { type: String },
    createdAt: { type: Date, required: true },
    createdBy: { type: String, required: true },
  },
  { collection: 'insurance_policies', versionKey: false, minimize: false },
);
// One owner's products newest first, below a cursor; and every owner's (the platform's view).
insurancePolicySchema.index({ owner: 1, n: -1 });
insurancePolicySchema.index({ n: -1 });
// Its changes' audit entries wait in the document until relayed (docs/decisions/audit.md).
withAuditOutbox(insurancePolicySchema);
