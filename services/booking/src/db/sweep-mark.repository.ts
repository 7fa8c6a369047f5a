import { modelOn } from '@travel/mongo';
import { type Connection, Schema } from 'mongoose';

interface SweepMarkDocument {
  _id: string;
  /** Every booking dated before this day has been completed (or was closed already). */
  throughDay: string;
}

const sweepMarkSchema = new Schema<SweepMarkDocument>(
  { _id: String, throughDay: { type: String, required: true } },
  { collection: 'booking_sweep_marks', versionKey: false },
);

/** How far a sweeper got, so that each pass reads only the days since the last one. */
export interface SweepMarks {
  get(name: string): Promise<string | null>;
  /** Replicas racing here write the same day, so a lost update costs one re-read of a day, nothing else. */
  set(name: string, throughDay: string): Promise<void>;
}

export function createSweepMarks(connection: Connection): SweepMarks {
  const model = modelOn(connection, 'BookingSweepMark', sweepMarkSchema);
  return {
    async get(name) {
      return (await model.findById(name).lean<SweepMarkDocument>())?.throughDay ?? null;
    },
    async set(name, throughDay) {
      await model.updateOne({ _id: name }, { $set: { throughDay } }, { upsert: true });
    },
  };
}
