import { modelOn, setAndUnset } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { Supplier, SupplierStatus } from '../domain/supplier';
import { type SupplierDocument, supplierSchema } from './supplier.schema';

export type SupplierChanges = Partial<Omit<Supplier, 'id' | 'n' | 'createdAt'>> & { nameKey?: string };

export interface SupplierRepository {
  /** Throws E11000 when the name is taken. */
  insert(supplier: Supplier, nameKey: string): Promise<void>;
  findById(id: string): Promise<Supplier | null>;
  list(status: SupplierStatus | undefined, beforeN: number | undefined, limit: number): Promise<Supplier[]>;
  /** The supplier after the change, or null if there is none; throws E11000 when a new name is taken. */
  update(id: string, changes: SupplierChanges, unset: string[]): Promise<Supplier | null>;
  delete(id: string): Promise<boolean>;
}

export function createSupplierRepository(connection: Connection): SupplierRepository {
  const model = modelOn(connection, 'Supplier', supplierSchema);
  return {
    async insert(supplier, nameKey) {
      const { id, ...fields } = supplier;
      await model.create({ ...fields, nameKey, _id: id });
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
    async update(id, changes, unset) {
      const doc = await model
        .findOneAndUpdate({ _id: id }, setAndUnset(changes, unset), { returnDocument: 'after' })
        .lean<SupplierDocument>();
      return doc ? toSupplier(doc) : null;
    },
    async delete(id) {
      const { deletedCount } = await model.deleteOne({ _id: id });
      return deletedCount === 1;
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
