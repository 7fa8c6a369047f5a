import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';
import { CLIENT_STATUSES, type ClientStatus } from '../domain/api-access/api-client';

/** One API client: `_id` is its integer id (a counter claim). Deleted clients are kept with `deletedAt`. */
export interface ApiClientDocument {
  _id: number;
  name: string;
  tenantId: string | null;
  status: ClientStatus;
  createdAt: Date;
  /** Set once by DeleteClient; a deleted client no longer exists for any read, and neither do its keys. */
  deletedAt: Date | null;
}

export const apiClientSchema = new Schema<ApiClientDocument>(
  {
    _id: { type: Number, required: true },
    name: { type: String, required: true },
    tenantId: { type: String, default: null },
    status: { type: String, required: true, enum: CLIENT_STATUSES },
    createdAt: { type: Date, required: true },
    deletedAt: { type: Date, default: null },
  },
  { collection: 'api_clients', versionKey: false },
);
// Serves ListClients with a tenant (the tenant's API console): its live clients in id order, page by page.
apiClientSchema.index({ tenantId: 1, deletedAt: 1, _id: 1 });
// Serves ListClients of every tenant: the live clients in id order, page by page (deleted ones are kept).
apiClientSchema.index({ deletedAt: 1, _id: 1 });
// Each change (creation, update, deletion mark) carries its audit entry until relayed (docs/decisions/audit.md).
withAuditOutbox(apiClientSchema);
