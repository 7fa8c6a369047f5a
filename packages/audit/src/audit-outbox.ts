import type { Model, Schema } from 'mongoose';
import type { AuditEntry } from './audit-entry';
import { AUDIT_TOMBSTONE, PENDING_AUDIT, uniqueKeyPaths } from './pending-audit.schema';

/** A tombstone of such a model still holds keys a new document may want (a slug, an e-mail). */
const hasUniqueKeys = (schema: Schema) => uniqueKeyPaths(schema).length > 0;

/** The entries one document holds, with its collection and `_id` (as stored). */
export interface PendingAuditEntries {
  collection: string;
  documentId: unknown;
  entries: AuditEntry[];
}

/**
 * One service's audited collections: its repositories `track` their models and call `written()` after each
 * audited write; its relay reads and clears what waits. Created once in `service.ts`.
 */
export interface AuditOutbox {
  /** A model whose schema has `withAuditOutbox`; its pending documents are relayed. Returns it. */
  track<T>(model: Model<T>): Model<T>;
  /**
   * An audited write landed: the relay is told to pass soon (and a test's crash point fires here). `tombstone`
   * calls it itself.
   */
  written(): void;
  /** Who hears `written()`: the relay's job. */
  onWritten(listener: () => void): void;
  /**
   * Deletes the one document `filter` matches by turning it into a tombstone that holds `entry`, in one write.
   * Answers the document as it was (lean), or null when none matched (nothing written). When the model has
   * unique keys the tombstone still holds, it waits (at most `settleMs`) for the relay to publish the entry
   * and remove the tombstone, so a new document may take those keys as soon as the delete is answered.
   */
  tombstone<T>(model: Model<T>, filter: Record<string, unknown>, entry: AuditEntry): Promise<T | null>;
  /** Documents with entries waiting, across every tracked model, at most `limit`. */
  pending(limit: number): Promise<PendingAuditEntries[]>;
  /**
   * These entries were acknowledged by the broker: pull exactly them (an entry added meanwhile stays), then
   * remove the tombstones left with nothing to publish.
   */
  clear(published: PendingAuditEntries[]): Promise<void>;
}

export interface AuditOutboxSettings {
  /** How long a delete of a model with unique keys waits for its tombstone to go (default 2 s). */
  settleMs?: number;
}

export function createAuditOutbox(settings: AuditOutboxSettings = {}): AuditOutbox {
  const settleMs = settings.settleMs ?? 2000;
  const models = new Map<string, Model<unknown>>();
  const listeners: Array<() => void> = [];
  /** Entry id → the delete waiting for its tombstone to be removed. */
  const settling = new Map<string, () => void>();
  const settled = (entryId: string) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        settling.delete(entryId);
        resolve();
      }, settleMs);
      settling.set(entryId, () => {
        clearTimeout(timer);
        settling.delete(entryId);
        resolve();
      });
    });
  const written = () => {
    for (const listener of listeners) listener();
  };
  return {
    track(model) {
      if (!model.schema.path(PENDING_AUDIT)) throw new Error(`${model.modelName} has no audit outbox`);
      models.set(model.collection.collectionName, model as Model<unknown>);
      return model;
    },
    written,
    onWritten(listener) {
      listeners.push(listener);
    },
    async tombstone<T>(model: Model<T>, filter: Record<string, unknown>, entry: AuditEntry) {
      // Through the driver: the model's own queries skip tombstones, and the entry is stored as built.
      const before = await model.collection.findOneAndUpdate(
        { ...filter, [AUDIT_TOMBSTONE]: { $exists: false } },
        { $set: { [AUDIT_TOMBSTONE]: entry.at }, $push: { [PENDING_AUDIT]: entry } as never },
        { returnDocument: 'before' },
      );
      if (!before) return null;
      const waiting = hasUniqueKeys(model.schema as Schema) ? settled(entry.id) : undefined;
      written();
      await waiting;
      return before as T;
    },
    async pending(limit) {
      const found: PendingAuditEntries[] = [];
      for (const [name, model] of models) {
        if (found.length >= limit) break;
        const docs = await model.collection
          .find(
            { [`${PENDING_AUDIT}.id`]: { $exists: true } },
            { projection: { [PENDING_AUDIT]: 1 }, limit: limit - found.length },
          )
          .toArray();
        for (const doc of docs)
          found.push({
            collection: name,
            documentId: doc._id,
            entries: (doc[PENDING_AUDIT] ?? []) as AuditEntry[],
          });
      }
      return found;
    },
    async clear(published) {
      for (const [name, model] of models) {
        const done = published.filter((pending) => pending.collection === name);
        if (done.length === 0) continue;
        const ids = done.map((pending) => pending.documentId);
        const entryIds = done.flatMap((pending) => pending.entries.map((entry) => entry.id));
        await model.collection.updateMany(
          { _id: { $in: ids as never[] } },
          { $pull: { [PENDING_AUDIT]: { id: { $in: entryIds } } } as never },
        );
        await model.collection.deleteMany({
          _id: { $in: ids as never[] },
          [AUDIT_TOMBSTONE]: { $exists: true },
          [`${PENDING_AUDIT}.0`]: { $exists: false },
        });
        for (const entryId of entryIds) settling.get(entryId)?.();
      }
    },
  };
}
