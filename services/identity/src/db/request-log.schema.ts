import { Schema } from 'mongoose';
import type { RequestLogEntry } from '../domain/request-logs/request-logs';

/** One call of a page: the entry as a gateway sent it, with its index in the gateway's batch. */
export interface RequestLogPageCall extends Omit<RequestLogEntry, 'tenantId' | 'environment'> {
  /** The call's index in its `api.requests` event: the record id is `<event id>:<index>`. */
  index: number;
}

/**
 * One page of the request log (docs/access.md, "Request log"): the calls of one gateway batch (one `api.requests`
 * event) that belong to one tenant and one mode, stored as one document, so the store writes a document and an
 * index entry per page, not per call. `_id` `<event id>|<tenant>|<mode>`, so a redelivered batch collides with
 * itself and inserts nothing. The page carries the distinct keys, status classes and routes of its calls, so a
 * filtered list reads only the pages that hold a match. Never a secret, an Authorization header, a query string or
 * a body. Deleted by the store at `expiresAt`, its newest call's time plus the retention (docs/retention.md).
 */
export interface RequestLogPageDocument {
  _id: string;
  eventId: string;
  /** '' for clients linked to no tenant. */
  tenantId: string;
  environment: string;
  /** The oldest and the newest call's time. */
  first: Date;
  last: Date;
  keyIds: string[];
  /** 2, 3, 4 or 5: the statuses' hundreds, for the status-class filter. */
  statusClasses: number[];
  routes: string[];
  /**
   * The request ids of the calls that the time in their id cannot find (a caller's own X-Request-Id, a call
   * answered long after it began), for a request id pasted into the console; the gateway's ids name their time
   * and are found through `first`/`last` (@travel/events request-ids), so a page keeps no entry for them.
   */
  requestIds: string[];
  /**
   * The page's calls as one JSON array (`at` an ISO time): never queried inside, only read whole with its page,
   * so the store keeps one string instead of a sub-document per call (a third of /me's logging cost went to
   * writing and indexing those; docs/decisions/request-logs.md). Pages written before it have `calls`.
   */
  callsJson?: string;
  /** The calls of a page written before `callsJson`, until its retention deletes it. */
  calls?: RequestLogPageCall[];
  /** last + REQUEST_LOG_RETENTION_DAYS. */
  expiresAt: Date;
}

const callSchema = new Schema<RequestLogPageCall>(
  {
    index: { type: Number, required: true },
    requestId: { type: String, required: true },
    at: { type: Date, required: true },
    clientId: { type: Number, required: true },
    keyId: { type: String, required: true },
    method: { type: String, required: true },
    route: { type: String, required: true },
    path: { type: String, default: '' },
    status: { type: Number, required: true },
    latencyMs: { type: Number, required: true },
    clientAddress: { type: String, default: '' },
    idempotencyKey: { type: String, default: '' },
    errorEnvelope: { type: String, default: '' },
  },
  { _id: false },
);

export const requestLogPageSchema = new Schema<RequestLogPageDocument>(
  {
    _id: { type: String, required: true },
    eventId: { type: String, required: true },
    tenantId: { type: String, default: '' },
    environment: { type: String, required: true },
    first: { type: Date, required: true },
    last: { type: Date, required: true },
    keyIds: { type: [String], default: [] },
    statusClasses: { type: [Number], default: [] },
    routes: { type: [String], default: [] },
    requestIds: { type: [String], default: [] },
    callsJson: { type: String },
    calls: { type: [callSchema], default: undefined },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'api_request_log_pages', versionKey: false },
);
// Every list reads pages newest call first (`last` descending), within one tenant (tenant staff; the platform
// naming one) or all of them (the platform naming none); a page's calls are ordered in memory, and the mode and
// method are read off the pages (no `$in` over modes: the store walks one index range in order). The page arrays
// below are multikey: an entry per distinct value of a page, a few per page, not one per call.
// Newest first per tenant: the console's default page.
requestLogPageSchema.index({ tenantId: 1, last: -1 });
// The key filter.
requestLogPageSchema.index({ tenantId: 1, keyIds: 1, last: -1 });
// The status-class filter (failures are few: read off the main index they would cost a long scan).
requestLogPageSchema.index({ tenantId: 1, statusClasses: 1, last: -1 });
// The route filter, with or without its method.
requestLogPageSchema.index({ tenantId: 1, routes: 1, last: -1 });
// A request id pasted into the console that names no time (a caller's own): an entry per such call. The
// gateway's ids name their time and are found through the `last` indexes.
requestLogPageSchema.index({ requestIds: 1 });
// The platform's list of every tenant's calls.
requestLogPageSchema.index({ last: -1 });
// Retention (TTL): the store deletes a page at its `expiresAt`.
requestLogPageSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
