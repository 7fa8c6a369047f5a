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

/**
 * Monotonic counters for ids like `bkg_<n>`. Each value is claimed by inserting `<sequence>:<value>`;
 * the unique `_id` decides races. We do not `$inc` one document: FerretDB 1.x (SQLite) applies updates
 * outside a transaction and loses concurrent increments (docs/decisions.md, "Atomicity on FerretDB").
 */
export function createCounters(connection: Connection): Counters {
  const model = modelOn(connection, 'CounterClaim', claimSchema);
  return {
    async next(sequence) {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const last = await model.findOne({ sequence }).sort({ value: -1 }).lean<ClaimDocument>();
        const value = (last?.value ?? 0) + 1;
        try {
          await model.create({ _id: `${sequence}:${value}`, sequence, value });
          return value;
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
        }
      }
      throw new Error(`counter ${sequence}: no value claimed after ${MAX_ATTEMPTS} attempts`);
    },
  };
}
