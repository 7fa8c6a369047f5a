import { type MongooseQueryMiddleware, type Query, Schema } from 'mongoose';
import type { AuditEntry } from './audit-entry';

/** The field of an audited document that holds its entries until the relay has published them. */
export const PENDING_AUDIT = 'pendingAudit';
/** Set on a deleted document whose entry is not published yet: hidden from every query, removed by the relay. */
export const AUDIT_TOMBSTONE = 'auditTombstone';

const pendingAuditSchema = new Schema<AuditEntry>(
  {
    id: String,
    action: String,
    target: { type: { type: String }, id: String },
    details: { type: Schema.Types.Mixed, default: {} },
    actor: {
      userId: { type: String, default: null },
      email: String,
      tenantId: { type: String, default: null },
    },
    ip: String,
    requestId: String,
    at: Date,
    traceparent: String,
  },
  { _id: false, minimize: false },
);

export interface AuditOutboxOptions {
  /**
   * Deletes of this collection are audited: a delete leaves a tombstone (`auditTombstone`) holding its entry,
   * which every query of the model skips and the relay removes once the entry is published.
   */
  tombstones?: boolean;
}

/** Every query a model runs that a tombstone must not be seen by (reads, counts, updates, deletes). */
const QUERIES: MongooseQueryMiddleware[] = [
  'countDocuments',
  'deleteMany',
  'deleteOne',
  'distinct',
  'find',
  'findOne',
  'findOneAndDelete',
  'findOneAndReplace',
  'findOneAndUpdate',
  'replaceOne',
  'updateMany',
  'updateOne',
];

/**
 * A schema plugin: the document carries its own audit outbox (`pendingAudit`, written in the same atomic
 * single-document write as the change, as booking's `pendingEvents`), found by the relay through an index of
 * pending documents only; with `tombstones`, deletes are tombstones hidden from the model's queries.
 */
export function withAuditOutbox(schema: Schema, options: AuditOutboxOptions = {}): void {
  // Never read by the service's own queries (only the relay reads it, through the driver).
  schema.add({ [PENDING_AUDIT]: { type: [pendingAuditSchema], default: undefined, select: false } });
  // Serves the relay's scan: only documents with an entry waiting are in it, so it is empty while the relay keeps up.
  schema.index(
    { [`${PENDING_AUDIT}.id`]: 1 },
    { name: 'audit_pending', partialFilterExpression: { [`${PENDING_AUDIT}.id`]: { $exists: true } } },
  );
  if (!options.tombstones) return;
  schema.add({ [AUDIT_TOMBSTONE]: { type: Date, select: false } });
  schema.pre(QUERIES, function hideTombstones(this: Query<unknown, unknown>) {
    this.where({ [AUDIT_TOMBSTONE]: { $exists: false } });
  });
  schema.pre('aggregate', function hideTombstones() {
    this.pipeline().unshift({ $match: { [AUDIT_TOMBSTONE]: { $exists: false } } });
  });
}

/** The fields of the model's unique indexes but `_id`: a tombstone keeps holding their values until removed. */
export function uniqueKeyPaths(schema: Schema): string[] {
  const paths = new Set<string>();
  for (const [keys, options] of schema.indexes()) {
    if (!(options as { unique?: boolean }).unique) continue;
    for (const path of Object.keys(keys)) if (path !== '_id') paths.add(path);
  }
  return [...paths];
}
