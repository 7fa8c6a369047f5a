import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';

/** A named set of rights of the platform (`tenantId` null) or of one tenant: `_id` is `rol_<n>`. */
export interface RoleDocument {
  _id: string;
  name: string;
  tenantId: string | null;
  rights: string[];
  builtIn: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const roleSchema = new Schema<RoleDocument>(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    tenantId: { type: String, default: null },
    rights: { type: [String], required: true },
    builtIn: { type: Boolean, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'roles', versionKey: false },
);
// Unique, so role names do not repeat in a tenant (or among the platform's roles: null).
roleSchema.index({ tenantId: 1, name: 1 }, { unique: true });
// Serves ListRoles of one tenant (or of the platform: null) page by page, oldest first.
roleSchema.index({ tenantId: 1, createdAt: 1, _id: 1 });
// Serves ListRoles of platform staff (every role) page by page, oldest first.
roleSchema.index({ createdAt: 1, _id: 1 });
// Each change carries its audit entry until relayed; a deleted role is a tombstone until then (docs/decisions/audit.md).
withAuditOutbox(roleSchema, { tombstones: true });
