import { type Connection, Schema } from 'mongoose';
import { isDuplicateKeyError } from './duplicate-key';
import { modelOn } from './model';

interface ClaimDocument {
  /** `<sequence>:<value>`: the unique key that makes a claim atomic. */
  _id: string;
  sequence: string;
  value: number;
}

const claimSchema = new Schema<ClaimDocument>(
  { _id: String, sequence: { type: String, required: true }, value: { type: Number, required: true } },
  { collection: 'counters', versionKey: false },
);
// Serves "the highest value claimed so far in this sequence".
claimSchema.index({ sequence: 1, value: -1 });

export interface Counters {
  /** The next value of a named sequence: 1, 2, 3, ... Never handed out twice, also across replicas. */
  next(sequence: string): Promise<number>;
}

const MAX_ATTEMPTS = 10_000;
/** After this many values claimed by other replicas, read the highest again instead of walking on. */
const WALK_BEFORE_READ = 20;

/**
 * Monotonic counters for ids like `bkg_<n>`. Each value is claimed by inserting `<sequence>:<value>`;
 * the unique `_id` decides races. We do not `$inc` one document: FerretDB 1.x (SQLite) applies updates
 * outside a transaction and loses concurrent increments (docs/decisions.md, "Atomicity on FerretDB").
 * The highest claimed value is read once per process and then remembered: on FerretDB that read scans
 * every claim (it pushes down only `_id` equality), while a claim by `_id` is one indexed insert.
 */
export function createCounters(connection: Connection): Counters {
  const model = modelOn(connection, 'CounterClaim', claimSchema);
  /** Per sequence, the last value this process tried: concurrent callers here never try the same one. */
  const tried = new Map<string, number>();
  const readHighest = async (sequence: string) =>
    (await model.findOne({ sequence }).sort({ value: -1 }).lean<ClaimDocument>())?.value ?? 0;
  return {
    async next(sequence) {
      if (!tried.has(sequence)) {
        const highest = await readHighest(sequence);
        if (!tried.has(sequence)) tried.set(sequence, highest);
      }
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const value = (tried.get(sequence) ?? 0) + 1;
        tried.set(sequence, value);
        try {
          await model.create({ _id: `${sequence}:${value}`, sequence, value });
          return value;
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
        }
        // Another replica claimed it: walk on, and now and then jump to the highest claim.
        if (attempt % WALK_BEFORE_READ === 0)
          tried.set(sequence, Math.max(tried.get(sequence) ?? 0, await readHighest(sequence)));
      }
      throw new Error(`counter ${sequence}: no value claimed after ${MAX_ATTEMPTS} attempts`);
    },
  };
}
