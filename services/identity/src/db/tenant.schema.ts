import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';
import { TENANT_STATUSES, type TenantStatus } from '../domain/tenants/tenant';

/** One tenant: `_id` is `ten_<n>` (a counter claim). */
export interface TenantDocument {
  _id: string;
  name: string;
  status: TenantStatus;
  contactEmail: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const tenantSchema = new Schema<TenantDocument>(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    status: { type: String, required: true, enum: TENANT_STATUSES },
    contactEmail: { type: String, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'tenants', versionKey: false },
);
// Serves ListTenants: the directory in order of creation, page by page.
tenantSchema.index({ createdAt: 1, _id: 1 });
// A tenant's changes carry their audit entries until relayed (docs/decisions/audit.md).
withAuditOutbox(tenantSchema);
