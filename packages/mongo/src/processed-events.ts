import { type Connection, type mongo, Schema } from 'mongoose';
import { insertWholeIfAbsent } from './duplicate-key';
import { modelOn } from './model';

interface ProcessedEventDocument {
  /** `<consumer>:<eventId>`: the check and the record are one `_id` lookup and one unique insert. */
  _id: string;
  consumer: string;
  processedAt: Date;
}

/** Declared in the collections of every service that uses it (`src/db/collections.ts`). */
export const processedEventSchema = new Schema<ProcessedEventDocument>(
  { _id: String, consumer: { type: String, required: true }, processedAt: { type: Date, required: true } },
  { collection: 'processed_events', versionKey: false },
);

/** The ids of events a consumer has fully handled, so a redelivered event is skipped. */
export interface ProcessedEvents {
  has(consumer: string, eventId: string): Promise<boolean>;
  add(consumer: string, eventId: string): Promise<void>;
}

export function createProcessedEvents(connection: Connection): ProcessedEvents {
  const model = modelOn(connection, 'ProcessedEvent', processedEventSchema);
  const raw = model.collection as unknown as mongo.Collection<ProcessedEventDocument>;
  const key = (consumer: string, eventId: string) => `${consumer}:${eventId}`;
  return {
    async has(consumer, eventId) {
      // Through the driver: one `_id` lookup needs no query casting.
      return (await raw.findOne({ _id: key(consumer, eventId) }, { projection: { _id: 1 } })) !== null;
    },
    async add(consumer, eventId) {
      // A handler that ran twice (crash before this write) records once: the duplicate is expected.
      await insertWholeIfAbsent(model, { _id: key(consumer, eventId), consumer, processedAt: new Date() });
    },
  };
}
