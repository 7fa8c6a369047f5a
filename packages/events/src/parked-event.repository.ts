import { createHash } from 'node:crypto';
import {
  type AuditEntry,
  type AuditOutbox,
  PENDING_AUDIT,
  withAuditEntry,
  withAuditOutbox,
} from '@travel/audit';
import { insertWholeIfAbsent, modelOn } from '@travel/mongo';
import { type Connection, Schema } from 'mongoose';
import type { NewParkedEvent, ParkedEvent, ParkedEventStore, ParkedFilter } from './parked-events';

type ParkedDocument = Omit<ParkedEvent, 'id'> & {
  _id: string;
  /** Set when it is resolved: resolvedAt + the grace period; the store deletes it then. Null while parked. */
  expiresAt?: Date | null;
  /** The operators' replays and discards until the service's audit relay has published them. */
  [PENDING_AUDIT]?: AuditEntry[];
};

/** Declared in the collections of every service whose consumers park events (`src/db/collections.ts`). */
export const parkedEventSchema = new Schema<ParkedDocument>(
  {
    _id: String,
    group: String,
    topic: String,
    partition: Number,
    offset: Number,
    key: String,
    value: Buffer,
    eventId: String,
    eventType: String,
    reason: String,
    lastError: String,
    attempts: Number,
    firstFailedAt: Date,
    lastFailedAt: Date,
    parkedAt: Date,
    status: String,
    resolvedAt: Date,
    resolvedBy: String,
    discardReason: String,
    expiresAt: Date,
  },
  { collection: 'parked_events', versionKey: false },
);
// The operators' list (newest first, by group and status) and the blocked-key checks (a key's parked events).
parkedEventSchema.index({ status: 1, group: 1, parkedAt: -1, _id: -1 });
parkedEventSchema.index({ group: 1, topic: 1, key: 1, status: 1, offset: 1 });
// Retention (TTL): a replayed or discarded event is deleted a grace period after; a parked one has no
// `expiresAt` and stays until an operator resolves it (docs/retention.md).
parkedEventSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
// An operator's replay or discard is stored with its audit entry (docs/decisions/audit.md); a resolved record is
// deleted by its TTL only, never by a staff delete, so no tombstones.
withAuditOutbox(parkedEventSchema);

export interface ParkedStoreOptions {
  /** How long a resolved (replayed or discarded) event is kept after its resolution. */
  resolvedRetentionMs: number;
}

/** The options a process's settings give (`KAFKA_PARKED_RESOLVED_DAYS` of `kafkaFields`). */
export function parkedStoreOptionsOf(config: { KAFKA_PARKED_RESOLVED_DAYS: number }): ParkedStoreOptions {
  return { resolvedRetentionMs: config.KAFKA_PARKED_RESOLVED_DAYS * 86_400_000 };
}

/** `KAFKA_PARKED_RESOLVED_DAYS`'s default, for callers that pass no options (tests). */
const DEFAULT_OPTIONS: ParkedStoreOptions = { resolvedRetentionMs: 30 * 86_400_000 };

/**
 * The parked events of one service's consumer groups, in its own database (`parked_events`). `service` is the
 * name the gateway routes by (`billing`), the middle part of every id; `audit` is the service's audit outbox,
 * which relays the entries of replays and discards.
 */
export function createParkedEventStore(
  connection: Connection,
  service: string,
  audit: AuditOutbox,
  options: ParkedStoreOptions = DEFAULT_OPTIONS,
): ParkedEventStore {
  const model = audit.track(modelOn(connection, 'ParkedEvent', parkedEventSchema));
  const raw = model.collection;
  const idOf = (event: Pick<ParkedEvent, 'group' | 'topic' | 'partition' | 'offset'>) => {
    const hash = createHash('sha256')
      .update(`${event.group}\n${event.topic}\n${event.partition}\n${event.offset}`)
      .digest('hex');
    return `pev_${service}_${hash.slice(0, 24)}`;
  };
  const fromDocument = (doc: ParkedDocument | null): ParkedEvent | null => {
    if (!doc) return null;
    const { _id, value, expiresAt: _expiry, [PENDING_AUDIT]: _pending, ...rest } = doc;
    // The driver hands stored binary back as its own `Binary`.
    const bytes = Buffer.isBuffer(value)
      ? value
      : Buffer.from((value as unknown as { buffer: Uint8Array }).buffer);
    return { ...rest, id: _id, value: bytes };
  };
  /** An audited update's result: the relay is told when it changed a record (and so stored its entry). */
  const written = (updated: unknown) => {
    if (updated) audit.written();
    return fromDocument(updated as ParkedDocument | null);
  };
  const byId = async (id: string) =>
    fromDocument((await raw.findOne({ _id: id } as never)) as ParkedDocument | null);
  return {
    async park(event: NewParkedEvent) {
      const id = idOf(event);
      await insertWholeIfAbsent(model, {
        _id: id,
        ...event,
        status: 'parked',
        resolvedAt: null,
        resolvedBy: '',
        discardReason: '',
      });
      return (await byId(id)) as ParkedEvent;
    },
    find: byId,
    async list(filter: ParkedFilter) {
      const query: Record<string, unknown> = { status: filter.status };
      if (filter.group) query.group = filter.group;
      if (filter.topic) query.topic = filter.topic;
      if (filter.parkedBefore) query.parkedAt = { $lte: filter.parkedBefore };
      if (filter.after) {
        const { parkedAt, id } = filter.after;
        query.$or = [{ parkedAt: { $lt: parkedAt } }, { parkedAt, _id: { $lt: id } }];
      }
      const docs = await raw
        .find(query as never)
        .sort({ parkedAt: -1, _id: -1 })
        .limit(filter.limit)
        .toArray();
      return docs.map((doc) => fromDocument(doc as unknown as ParkedDocument) as ParkedEvent);
    },
    async blockedKeys(group) {
      const docs = await raw
        .find({ group, status: 'parked', key: { $ne: null } } as never, { projection: { topic: 1, key: 1 } })
        .toArray();
      return docs.map((doc) => ({ topic: doc.topic as string, key: doc.key as string }));
    },
    async parkedOfKey(group, topic, key) {
      const docs = await raw
        .find({ group, topic, key, status: 'parked' } as never)
        .sort({ offset: 1 })
        .toArray();
      return docs.map((doc) => fromDocument(doc as unknown as ParkedDocument) as ParkedEvent);
    },
    async failedAgain(id, failure, entry) {
      const update = {
        $set: { lastError: failure.lastError, attempts: failure.attempts, lastFailedAt: failure.at },
      };
      return written(
        await raw.findOneAndUpdate({ _id: id, status: 'parked' } as never, withAuditEntry(update, entry), {
          returnDocument: 'after',
        }),
      );
    },
    async resolve(id, outcome, entry) {
      const update = {
        $set: {
          status: outcome.status,
          resolvedAt: outcome.at,
          resolvedBy: outcome.by,
          discardReason: outcome.discardReason ?? '',
          expiresAt: new Date(outcome.at.getTime() + options.resolvedRetentionMs),
        },
      };
      return written(
        await raw.findOneAndUpdate({ _id: id, status: 'parked' } as never, withAuditEntry(update, entry), {
          returnDocument: 'after',
        }),
      );
    },
    async countParked(group) {
      return raw.countDocuments({ group, status: 'parked' } as never);
    },
  };
}
