import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';
import type { SupplierStatus } from '../domain/supplier';

export interface SupplierDocument {
  _id: string;
  n: number;
  name: string;
  nameKey: string;
  services: string[];
  contactEmail?: string;
  contactPhone?: string;
  status: SupplierStatus;
  createdAt: Date;
  updatedAt: Date;
}

export const supplierSchema = new Schema<SupplierDocument>(
  {
    _id: { type: String, required: true },
    n: { type: Number, required: true },
    name: { type: String, required: true },
    nameKey: { type: String, required: true },
    services: { type: [String], default: [] },
    contactEmail: { type: String },
    contactPhone: { type: String },
    status: { type: String, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'suppliers', versionKey: false, minimize: false },
);
// Decides name races: of two suppliers given one name (any case) at once, one insert fails (E11000).
supplierSchema.index({ nameKey: 1 }, { unique: true });
// The list: newest first, optionally of one status, below a cursor.
supplierSchema.index({ n: -1 });
supplierSchema.index({ status: 1, n: -1 });
// Its changes' audit entries wait in the document until relayed (docs/decisions/audit.md); deletes are tombstones.
withAuditOutbox(supplierSchema, { tombstones: true });
