import type { Model } from 'mongoose';

export interface DeleteInBatchesOptions {
  /** Documents read and deleted per round trip. */
  batchSize?: number;
  /** Rounds per call: a long backlog (the first sweep of an old collection) goes on at the next call. */
  maxBatches?: number;
}

/**
 * A retention sweep's delete (docs/retention.md): the documents matching `filter` (an indexed range on a
 * date, such as "finished before the cutoff"), deleted in bounded batches, each delete checking the filter
 * again so a document that changed meanwhile (a delivery queued again) stays. Returns how many went.
 */
export async function deleteInBatches(
  // biome-ignore lint/suspicious/noExplicitAny: any collection's model; the filter is the caller's.
  model: Model<any>,
  filter: Record<string, unknown>,
  { batchSize = 500, maxBatches = 20 }: DeleteInBatchesOptions = {},
): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const ids = (await model.find(filter, { _id: 1 }).limit(batchSize).lean<{ _id: unknown }[]>()).map(
      (doc) => doc._id,
    );
    if (ids.length === 0) break;
    deleted += (await model.deleteMany({ ...filter, _id: { $in: ids } })).deletedCount;
    if (ids.length < batchSize) break;
  }
  return deleted;
}
