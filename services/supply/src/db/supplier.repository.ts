import { type AuditEntry, type AuditOutbox, auditOf, withAuditEntry } from '@travel/audit';
import { modelOn, setAndUnset } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { Supplier, SupplierStatus } from '../domain/supplier';
import { type SupplierDocument, supplierSchema } from './supplier.schema';

export type SupplierChanges = Partial<Omit<Supplier, 'id' | 'n' | 'createdAt'>> & { nameKey?: string };

export interface SupplierRepository {
  /** Throws E11000 when the name is taken. Every write stores its audit entry with the supplier. */
  insert(supplier: Supplier, nameKey: string, entry: AuditEntry): Promise<void>;
  findById(id: string): Promise<Supplier | null>;
  list(status: SupplierStatus | undefined, beforeN: number | undefined, limit: number): Promise<Supplier[]>;
  /** The supplier after the change, or null if there is none; throws E11000 when a new name is taken. */
  update(id: string, changes: SupplierChanges, unset: string[], entry: AuditEntry): Promise<Supplier | null>;
  /** A tombstone until its entry is relayed (its name is free once the delete is answered). */
  delete(id: string, entry: AuditEntry): Promise<boolean>;
}

export function createSupplierRepository(connection: Connection, audit: AuditOutbox): SupplierRepository {
  const model = audit.track(modelOn(connection, 'Supplier', supplierSchema));
  return {
    async insert(supplier, nameKey, entry) {
      const { id, ...fields } = supplier;
      await model.create({ ...fields, nameKey, _id: id, ...auditOf(entry) });
      audit.written();
    },
    async findById(id) {
      const doc = await model.findById(id).lean<SupplierDocument>();
      return doc ? toSupplier(doc) : null;
    },
    async list(status, beforeN, limit) {
      const filter = {
        ...(status === undefined ? {} : { status }),
        ...(beforeN === undefined ? {} : { n: { $lt: beforeN } }),
      };
      const docs = await model.find(filter).sort({ n: -1 }).limit(limit).lean<SupplierDocument[]>();
      return docs.map(toSupplier);
    },
    async update(id, changes, unset, entry) {
      const doc = await model
        .findOneAndUpdate({ _id: id }, withAuditEntry(setAndUnset(changes, unset), entry), {
          returnDocument: 'after',
        })
        .lean<SupplierDocument>();
      if (doc) audit.written();
      return doc ? toSupplier(doc) : null;
    },
    async delete(id, entry) {
      return (await audit.tombstone(model, { _id: id }, entry)) !== null;
    },
  };
}

function toSupplier(doc: SupplierDocument): Supplier {
  return {
    id: doc._id,
    n: doc.n,
    name: doc.name,
    services: doc.services ?? [],
    contactEmail: doc.contactEmail ?? undefined,
    contactPhone: doc.contactPhone ?? undefined,
    status: doc.status,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}
