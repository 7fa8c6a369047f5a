import { Schema } from 'mongoose';
import type { RequestLogEntry } from '../domain/request-logs/request-logs';

/**
 * One partner call of the request log, as a gateway sent it (docs/access.md, "Request log"): `_id`
 * `<event id>:<index>`, so a redelivered batch collides with itself and inserts nothing. Never a secret, an
 * Authorization header, a query string or a body. Deleted by the store at `expiresAt` (docs/retention.md).
 */
export interface RequestLogDocument extends RequestLogEntry {
  _id: string;
  /** 2, 3, 4 or 5: the status's hundreds, for the status-class filter. */
  statusClass: number;
  /** at + REQUEST_LOG_RETENTION_DAYS. */
  expiresAt: Date;
}

export const requestLogSchema = new Schema<RequestLogDocument>(
  {
    _id: { type: String, required: true },
    requestId: { type: String, required: true },
    at: { type: Date, required: true },
    clientId: { type: Number, required: true },
    keyId: { type: String, required: true },
    tenantId: { type: String, default: '' },
    environment: { type: String, required: true },
    method: { type: String, required: true },
    route: { type: String, required: true },
    path: { type: String, default: '' },
    status: { type: Number, required: true },
    statusClass: { type: Number, required: true },
    latencyMs: { type: Number, required: true },
    clientAddress: { type: String, default: '' },
    idempotencyKey: { type: String, default: '' },
    errorEnvelope: { type: String, default: '' },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'api_request_logs', versionKey: false },
);
// Every list is newest first, `(at, _id)` descending, after the cursor's position, within one tenant (tenant
// staff; the platform naming one) or all of them (the platform naming none), the time range bounding `at`.
// Newest first per tenant and mode: the console's default page; the method filter is read off it.
requestLogSchema.index({ tenantId: 1, environment: 1, at: -1, _id: -1 });
// The key filter (a key has one environment).
requestLogSchema.index({ tenantId: 1, keyId: 1, at: -1, _id: -1 });
// The status-class filter (failures are few: read off the main index they would cost a long scan).
requestLogSchema.index({ tenantId: 1, environment: 1, statusClass: 1, at: -1, _id: -1 });
// The route filter, with or without its method.
requestLogSchema.index({ tenantId: 1, environment: 1, route: 1, method: 1, at: -1, _id: -1 });
// A request id pasted into the console.
requestLogSchema.index({ requestId: 1, tenantId: 1 });
// The platform's list of every tenant's calls.
requestLogSchema.index({ at: -1, _id: -1 });
// Retention (TTL): the store deletes a call at its `expiresAt`.
requestLogSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
