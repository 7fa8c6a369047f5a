import { type AuditEntry, type AuditOutbox, auditOf } from '@travel/audit';
import { modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { InsurancePolicy } from '../domain/insurance-policy';
import { type InsurancePolicyDocument, insurancePolicySchema } from './insurance-policy.schema';

export interface InsurancePolicyRepository {
  /** Stored with its audit entry. */
  insert(policy: InsurancePolicy, createdBy: string, entry: AuditEntry): Promise<void>;
  /** One owner's (or, with `undefined`, every owner's) products, newest first. */
  list(owner: string | undefined, beforeN: number | undefined, limit: number): Promise<InsurancePolicy[]>;
}

export function createInsurancePolicyRepository(
  connection: Connection,
  audit: AuditOutbox,
): InsurancePolicyRepository {
  const model = audit.track(modelOn(connection, 'InsurancePolicy', insurancePolicySchema));
  return {
    async insert(policy, createdBy, entry) {
      const { id, ...fields } = policy;
      await model.create({ ...fields, _id: id, createdBy, ...auditOf(entry) });
      audit.written();
    },
    async list(owner, beforeN, limit) {
      const filter = {
        ...(owner === undefined ? {} : { owner }),
        ...(beforeN === undefined ? {} : { n: { $lt: beforeN } }),
      };
      const docs = await model.find(filter).sort({ n: -1 }).limit(limit).lean<InsurancePolicyDocument[]>();
      return docs.map((doc) => ({
        id: doc._id,
        n: doc.n,
        owner: doc.owner,
        insurer: doc.insurer,
        name: doc.name,
        coverage: doc.coverage,
        premiumBps: doc.premiumBps,
        description: doc.description ?? undefined,
        createdAt: doc.createdAt,
      }));
    },
  };
}
