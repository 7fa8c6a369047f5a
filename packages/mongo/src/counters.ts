import { type Connection, Schema } from 'mongoose';
import { modelOn } from './model';

interface CounterDocument {
  _id: string;
  value: number;
}

const counterSchema = new Schema<CounterDocument>({ _id: String, value: { type: Number, required: true } }, {
  collection: 'counters',
  versionKey: false,
});

export interface Counters {
  /** The next value of a named sequence: 1, 2, 3, ... Strictly increasing, never reused, safe across replicas. */
  next(sequence: string): Promise<number>;
}

/** Monotonic counters for ids like `bkg_<n>`: one document per sequence, bumped with an atomic `$inc`. */
export function createCounters(connection: Connection): Counters {
  const model = modelOn(connection, 'Counter', counterSchema);
  return {
    async next(sequence) {
      const doc = await model
        .findOneAndUpdate({ _id: sequence }, { $inc: { value: 1 } }, { upsert: true, new: true })
        .lean<CounterDocument>();
      if (!doc) throw new Error(`counter ${sequence} was not returned`);
      return doc.value;
    },
  };
}
