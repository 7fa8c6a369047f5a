import { type Connection, Schema } from 'mongoose';
import { insertIfAbsent } from './duplicate-key';
import { modelOn } from './model';

interface ProcessedEventDocument {
  /** `<consumer>:<eventId>`: the check and the record are one `_id` lookup and one unique insert. */
  _id: string;
  consumer: string;
  processedAt: Date;
}

const processedEventSchema = new Schema<ProcessedEventDocument>(
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
  const key = (consumer: string, eventId: string) => `${consumer}:${eventId}`;
  return {
    async has(consumer, eventId) {
      return (await model.exists({ _id: key(consumer, eventId) })) !== null;
    },
    async add(consumer, eventId) {
      // A handler that ran twice (crash before this write) records once: the duplicate is expected.
      await insertIfAbsent(model, { _id: key(consumer, eventId), consumer, processedAt: new Date() });
    },
  };
}
