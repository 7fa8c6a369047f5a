import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';

/** A staff member of the platform or of a tenant: `_id` is `usr_<n>`. */
export interface StaffUserDocument {
  _id: string;
  /** Lower-cased. */
  email: string;
  name: string;
  /** `scrypt$N$r$p$<salt>$<hash>`; never leaves the repository except for the sign-in check. */
  passwordHash: string;
  tenantId: string | null;
  roleId: string;
  status: 'active' | 'disabled';
  createdAt: Date;
  updatedAt: Date;
}

export const staffUserSchema = new Schema<StaffUserDocument>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true },
    name: { type: String, required: true },
    passwordHash: { type: String, required: true },
    tenantId: { type: String, default: null },
    roleId: { type: String, required: true },
    status: { type: String, required: true, enum: ['active', 'disabled'] },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'staff_users', versionKey: false },
);
// Serves sign-in by email; unique, so two creations of one email (or two replicas' first admin) race safely.
staffUserSchema.index({ email: 1 }, { unique: true });
// Serves ListUsers of one tenant (or of the platform: null) page by page, oldest first, and ListTenantStaffEmails.
staffUserSchema.index({ tenantId: 1, createdAt: 1, _id: 1 });
// Serves ListUsers of platform staff (every user) page by page, oldest first.
staffUserSchema.index({ createdAt: 1, _id: 1 });
// Serves "is this role still assigned" (DeleteRole) and "does a platform administrator exist" (bootstrap).
staffUserSchema.index({ roleId: 1 });
// Each change carries its audit entry until relayed; a deleted user is a tombstone until then (docs/decisions/audit.md).
withAuditOutbox(staffUserSchema, { tombstones: true });
