import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';

export interface VendorDocument {
  _id: string;
  n: number;
  /** A tenant id, or `platform`. */
  owner: string;
  name: string;
  nameKey: string;
  category: string;
  contactName?: string;
  email?: string;
  phone?: string;
  city?: string;
  createdAt: Date;
  updatedAt: Date;
}

export const vendorSchema = new Schema<VendorDocument>(
  {
    _id: { type: String, required: true },
    n: { type: Number, required: true },
    owner: { type: String, required: true },
    name: { type: String, required: true },
    nameKey: { type: String, required: true },
    category: { type: String, required: true },
    contactName: { type: String },
    email: { type: String },
    phone: { type: String },
    city: { type: String },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'vendors', versionKey: false, minimize: false },
);
// Names are unique per owner (any case); the insert that loses a race fails (E11000).
vendorSchema.index({ owner: 1, nameKey: 1 }, { unique: true });
// One owner's list, newest first, below a cursor; and every owner's (the platform's view).
vendorSchema.index({ owner: 1, n: -1 });
vendorSchema.index({ n: -1 });
// Its changes' audit entries wait in the document until relayed (docs/decisions/audit.md); deletes are tombstones.
withAuditOutbox(vendorSchema, { tombstones: true });
