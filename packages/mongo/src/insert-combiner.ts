import type { Model } from 'mongoose';
import { type InsertOutcome, insertEachIfAbsent } from './duplicate-key';
import { createWriteCombiner } from './write-combiner';

/** One `insertWholeIfAbsent` of many callers: true when the caller's document landed, false when its `_id` was taken. */
export type CombinedInsert<T> = (doc: T & { _id: unknown }) => Promise<boolean>;

/**
 * `insertWholeIfAbsent` for a consumer's hot path, with the documents of concurrent callers written by one
 * unordered `insertMany`: the first caller's insert goes at once, and those that arrive while it is out go
 * together in the next. Each caller learns its own outcome from the bulk write's per-document errors: a
 * duplicate `_id` is `false` (its record was there first), any other error of its document rejects it, and an
 * error of the whole write rejects every caller of that write. Alone, a caller costs one insert as before.
 */
export function createCombinedInsert<T>(model: Model<T>): CombinedInsert<T> {
  const combined = createWriteCombiner<T & { _id: unknown }, InsertOutcome>((_key, docs) =>
    insertEachIfAbsent(model, docs),
  );
  return async (doc) => {
    const outcome = await combined(model.collection.collectionName, doc);
    if (typeof outcome === 'boolean') return outcome;
    throw outcome.failed;
  };
}
