import { type Connection, type mongo, Schema } from 'mongoose';
import { isDuplicateKeyError } from './duplicate-key';
import { modelOn } from './model';
import { createWriteCombiner } from './write-combiner';

interface SequenceDocument {
  /** The sequence's name (`booking`, `invoice`, ...). */
  _id: string;
  /** The last value handed out. */
  value: number;
}

/** Declared in the collections of every service that uses it (`src/db/collections.ts`). */
export const sequenceSchema = new Schema<SequenceDocument>(
  { _id: String, value: { type: Number, required: true } },
  { collection: 'sequences', versionKey: false },
);

export interface Counters {
  /** The next value of a named sequence: 1, 2, 3, ... Never handed out twice, also across replicas. */
  next(sequence: string): Promise<number>;
}

/**
 * Monotonic counters for ids like `bkg_<n>`: one document per sequence, advanced by an atomic `$inc` that
 * returns the new value, so each value goes to exactly one caller (the store contract suite checks it).
 * Callers of one process that ask while an `$inc` is out share the next one (`$inc` by their number).
 * The document is created once per process by its own upsert before the first `$inc`: the embedded store
 * answers some racing first upserts of a `findOneAndUpdate` without the document (docs/store-contract.md).
 */
export function createCounters(connection: Connection): Counters {
  const model = modelOn(connection, 'Sequence', sequenceSchema);
  const raw = model.collection as unknown as mongo.Collection<SequenceDocument>;
  /** Per sequence, this instance's one-time creation of the document. */
  const created = new Map<string, Promise<void>>();

  // `$setOnInsert`: a replica creating the document after others have counted leaves their value alone.
  const create = async (sequence: string) => {
    await upsertRetryingOnce(() =>
      model.updateOne({ _id: sequence }, { $setOnInsert: { value: 0 } }, { upsert: true }),
    );
  };

  /**
   * Callers that ask while a sequence's `$inc` is out share the next one: it advances by their number at
   * once and hands the range out in order, so concurrent callers cost one write, not one each.
   */
  const claimRange = createWriteCombiner<null, number>(async (sequence, callers) => {
    // Through the driver: a fixed `$inc` by `_id` needs none of mongoose's query casting.
    const doc = await raw.findOneAndUpdate(
      { _id: sequence },
      { $inc: { value: callers.length } },
      { returnDocument: 'after' },
    );
    if (!doc) throw new Error(`counter ${sequence}: its document is missing`);
    const first = doc.value - callers.length + 1;
    return callers.map((_, i) => first + i);
  });

  return {
    async next(sequence) {
      let creating = created.get(sequence);
      if (!creating) {
        creating = create(sequence);
        created.set(sequence, creating);
        creating.catch(() => created.delete(sequence));
      }
      await creating;
      return claimRange(sequence, null);
    },
  };
}

/**
 * Two first upserts of one `_id` can both miss and both insert; MongoDB may let one land and fail the other
 * with E11000. The document exists by then, so the loser's second try is a plain update.
 */
async function upsertRetryingOnce<T>(upsert: () => Promise<T>): Promise<T> {
  try {
    return await upsert();
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    return upsert();
  }
}
