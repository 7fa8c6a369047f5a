import type { mongo } from 'mongoose';
import { type IndexSpec, shapeOf } from './declared-indexes';

/** The collection, in each service's own database, where the migration records what it applied. */
export const INDEX_RECORD_COLLECTION = 'index_migrations';

/** An index this migration created (or adopted as the one its schemas declare), by collection and name. */
export interface AppliedIndex {
  collection: string;
  name: string;
  /** `shapeOf` the index as applied: an index of that name with another shape is no longer the one we made. */
  shape: string;
}

interface AppliedDocument {
  _id: string;
  kind: 'index';
  collection: string;
  name: string;
  shape: string;
  appliedAt: Date;
}

interface RunDocument {
  _id: 'run';
  kind: 'run';
  firstCompletedAt: Date;
  lastCompletedAt: Date;
}

/**
 * The record of what the migration applied: one document per index it made (the shape as JSON text, so a key like
 * `storefront.customerId` or a filter's `$exists` is never a field name), and one `run` document written when a
 * run completes. No `run` document yet: this database has never been migrated (indexes made by an older start-up
 * sync may be there).
 */
export function indexRecordOf(db: mongo.Db) {
  const record = db.collection<AppliedDocument | RunDocument>(INDEX_RECORD_COLLECTION);
  const idOf = (collection: string, name: string) => `${collection}/${name}`;
  return {
    async completedBefore(): Promise<boolean> {
      return (await record.findOne({ _id: 'run' })) !== null;
    },
    async applied(): Promise<AppliedIndex[]> {
      const docs = await record.find({ kind: 'index' }).toArray();
      return docs.flatMap((doc) =>
        doc.kind === 'index' ? [{ collection: doc.collection, name: doc.name, shape: doc.shape }] : [],
      );
    },
    async add(collection: string, index: IndexSpec): Promise<void> {
      const _id = idOf(collection, index.name);
      const doc: AppliedDocument = {
        _id,
        kind: 'index',
        collection,
        name: index.name,
        shape: shapeOf(index),
        appliedAt: new Date(),
      };
      await record.replaceOne({ _id }, doc, { upsert: true });
    },
    async remove(collection: string, name: string): Promise<void> {
      await record.deleteOne({ _id: idOf(collection, name) });
    },
    async complete(): Promise<void> {
      const now = new Date();
      await record.updateOne(
        { _id: 'run' },
        { $set: { kind: 'run', lastCompletedAt: now }, $setOnInsert: { firstCompletedAt: now } },
        { upsert: true },
      );
    },
  };
}

export type IndexRecord = ReturnType<typeof indexRecordOf>;
