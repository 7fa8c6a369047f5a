import type { Model } from 'mongoose';

/** True for MongoDB's E11000: a unique index refused the write (also how concurrent upserts collide). */
export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

/**
 * Inserts a document whose unique key decides a race: true when this insert landed, false when a document
 * with that key was there first. The tool for a document created once (a claim, a binding, a record);
 * a change to an existing document is a conditional update or `findOneAndUpdate` instead.
 */
export async function insertIfAbsent(
  model: { create(doc: object): Promise<unknown> },
  doc: object,
): Promise<boolean> {
  return landed(() => model.create(doc));
}

/**
 * `insertIfAbsent` through the driver, for a document its caller builds whole, exactly as it is stored:
 * no schema defaults, casting or validation are applied (mongoose's document building was most of the CPU
 * of such an insert). For the hot paths: idempotency claims, processed-event marks, derived-id records.
 */
export async function insertWholeIfAbsent<T>(model: Model<T>, doc: T & { _id: unknown }): Promise<boolean> {
  return landed(() => model.collection.insertOne(doc as never));
}

async function landed(insert: () => Promise<unknown>): Promise<boolean> {
  try {
    await insert();
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

/** One document's outcome in an unordered `insertMany`: landed, refused as a duplicate `_id`, or another error. */
export type InsertOutcome = true | false | { failed: unknown };

/**
 * `insertWholeIfAbsent` of many documents in one unordered `insertMany`, each document's outcome told apart by
 * the bulk write's per-document errors; an error of the whole write (no per-document errors) rejects.
 */
export async function insertEachIfAbsent<T>(
  model: Model<T>,
  docs: (T & { _id: unknown })[],
): Promise<InsertOutcome[]> {
  if (docs.length === 0) return [];
  try {
    await model.collection.insertMany(docs as never[], { ordered: false });
    return docs.map(() => true);
  } catch (error) {
    const writeErrors = (error as { writeErrors?: unknown }).writeErrors;
    if (!Array.isArray(writeErrors) || writeErrors.length === 0) throw error;
    const failures = new Map(writeErrors.map((failure: { index: number }) => [failure.index, failure]));
    return docs.map((_doc, index) => {
      const failure = failures.get(index);
      if (failure === undefined) return true;
      return isDuplicateKeyError(failure) ? false : { failed: failure };
    });
  }
}

/**
 * `insertEachIfAbsent` for a batch stored as one: every document whose `_id` is free lands, those already
 * stored (a redelivered batch) are left alone; answers how many landed. Any other error rejects.
 */
export async function insertAllIfAbsent<T>(model: Model<T>, docs: (T & { _id: unknown })[]): Promise<number> {
  const outcomes = await insertEachIfAbsent(model, docs);
  const failed = outcomes.find((outcome) => typeof outcome === 'object');
  if (failed) throw failed.failed;
  return outcomes.filter((outcome) => outcome === true).length;
}
