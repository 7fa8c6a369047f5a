import { modelOn, setAndUnset } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { Vendor } from '../domain/vendor';
import { type VendorDocument, vendorSchema } from './vendor.schema';

export type VendorChanges = Partial<Omit<Vendor, 'id' | 'n' | 'owner' | 'createdAt'>> & { nameKey?: string };

export interface VendorRepository {
  /** Throws E11000 when the owner has a vendor of that name. */
  insert(vendor: Vendor, nameKey: string): Promise<void>;
  /** One owner's (or, with `undefined`, every owner's) vendors, newest first. */
  list(owner: string | undefined, beforeN: number | undefined, limit: number): Promise<Vendor[]>;
  /** Only a vendor of `owner` (any, when `undefined`) changes; null when there is none. */
  update(
    id: string,
    owner: string | undefined,
    changes: VendorChanges,
    unset: string[],
  ): Promise<Vendor | null>;
  delete(id: string, owner: string | undefined): Promise<boolean>;
}

export function createVendorRepository(connection: Connection): VendorRepository {
  const model = modelOn(connection, 'Vendor', vendorSchema);
  const scoped = (id: string, owner: string | undefined) =>
    owner === undefined ? { _id: id } : { _id: id, owner };
  return {
    async insert(vendor, nameKey) {
      const { id, ...fields } = vendor;
      await model.create({ ...fields, nameKey, _id: id });
    },
    async list(owner, beforeN, limit) {
      const filter = {
        ...(owner === undefined ? {} : { owner }),
        ...(beforeN === undefined ? {} : { n: { $lt: beforeN } }),
      };
      const docs = await model.find(filter).sort({ n: -1 }).limit(limit).lean<VendorDocument[]>();
      return docs.map(toVendor);
    },
    async update(id, owner, changes, unset) {
      const doc = await model
        .findOneAndUpdate(scoped(id, owner), setAndUnset(changes, unset), { returnDocument: 'after' })
        .lean<VendorDocument>();
      return doc ? toVendor(doc) : null;
    },
    async delete(id, owner) {
      const { deletedCount } = await model.deleteOne(scoped(id, owner));
      return deletedCount === 1;
    },
  };
}

function toVendor(doc: VendorDocument): Vendor {
  return {
    id: doc._id,
    n: doc.n,
    owner: doc.owner,
    name: doc.name,
    category: doc.category,
    contactName: doc.contactName ?? undefined,
    email: doc.email ?? undefined,
    phone: doc.phone ?? undefined,
    city: doc.city ?? undefined,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}
