import { type AuditEntry, type AuditOutbox, auditOf, withAuditEntry } from '@travel/audit';
import { modelOn, setAndUnset } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { Vendor } from '../domain/vendor';
import { type VendorDocument, vendorSchema } from './vendor.schema';

export type VendorChanges = Partial<Omit<Vendor, 'id' | 'n' | 'owner' | 'createdAt'>> & { nameKey?: string };

export interface VendorRepository {
  /** Throws E11000 when the owner has a vendor of that name. Every write stores its audit entry with the vendor. */
  insert(vendor: Vendor, nameKey: string, entry: AuditEntry): Promise<void>;
  /** One owner's (or, with `undefined`, every owner's) vendors, newest first. */
  list(owner: string | undefined, beforeN: number | undefined, limit: number): Promise<Vendor[]>;
  /** Only a vendor of `owner` (any, when `undefined`) changes; null when there is none. */
  update(
    id: string,
    owner: string | undefined,
    changes: VendorChanges,
    unset: string[],
    entry: AuditEntry,
  ): Promise<Vendor | null>;
  /** A tombstone until its entry is relayed. */
  delete(id: string, owner: string | undefined, entry: AuditEntry): Promise<boolean>;
}

export function createVendorRepository(connection: Connection, audit: AuditOutbox): VendorRepository {
  const model = audit.track(modelOn(connection, 'Vendor', vendorSchema));
  const scoped = (id: string, owner: string | undefined) =>
    owner === undefined ? { _id: id } : { _id: id, owner };
  return {
    async insert(vendor, nameKey, entry) {
      const { id, ...fields } = vendor;
      await model.create({ ...fields, nameKey, _id: id, ...auditOf(entry) });
      audit.written();
    },
    async list(owner, beforeN, limit) {
      const filter = {
        ...(owner === undefined ? {} : { owner }),
        ...(beforeN === undefined ? {} : { n: { $lt: beforeN } }),
      };
      const docs = await model.find(filter).sort({ n: -1 }).limit(limit).lean<VendorDocument[]>();
      return docs.map(toVendor);
    },
    async update(id, owner, changes, unset, entry) {
      const doc = await model
        .findOneAndUpdate(scoped(id, owner), withAuditEntry(setAndUnset(changes, unset), entry), {
          returnDocument: 'after',
        })
        .lean<VendorDocument>();
      if (doc) audit.written();
      return doc ? toVendor(doc) : null;
    },
    async delete(id, owner, entry) {
      return (await audit.tombstone(model, scoped(id, owner), entry)) !== null;
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
