import { Schema } from 'mongoose';

/** One audit line, append-only: `_id` is `aud_<seq>`. */
export interface AuditLogDocument {
  _id: string;
  /** Monotonic (a counter claim), so "newest first" and the paging cursor need no clock. */
  seq: number;
  at: Date;
  /** A relayed entry: when the change was made (its `at` is when the log recorded it). */
  changedAt?: Date;
  actor: { userId: string | null; email: string; tenantId: string | null };
  action: string;
  target: { type: string; id: string };
  details: Record<string, unknown>;
  ip: string;
  requestId: string;
  /** at + AUDIT_LOG_RETENTION_DAYS: the store deletes the entry then (docs/retention.md). */
  expiresAt: Date;
}

export const auditLogSchema = new Schema<AuditLogDocument>(
  {
    _id: { type: String, required: true },
    seq: { type: Number, required: true },
    at: { type: Date, required: true },
    changedAt: { type: Date },
    actor: {
      userId: { type: String, default: null },
      email: { type: String, default: '' },
      tenantId: { type: String, default: null },
    },
    action: { type: String, required: true },
    // The id may be empty: a failed sign-in with an unknown email targets no user.
    target: { type: { type: String, required: true }, id: { type: String, default: '' } },
    details: { type: Schema.Types.Mixed, default: {} },
    ip: { type: String, default: '' },
    requestId: { type: String, default: '' },
    expiresAt: { type: Date },
  },
  // minimize: false keeps `details: {}` instead of dropping it.
  { collection: 'audit_log', versionKey: false, minimize: false },
);
// Serves ListAuditEntries: newest first, the page after a cursor (`seq < cursor`).
auditLogSchema.index({ seq: -1 }, { unique: true });
// Retention (TTL): entries older than the audit retention are deleted by the store, oldest first.
auditLogSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
