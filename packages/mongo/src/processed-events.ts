import { type Connection, type mongo, Schema } from 'mongoose';
import { insertWholeIfAbsent } from './duplicate-key';
import { modelOn } from './model';

interface ProcessedEventDocument {
  /** `<consumer>:<eventId>`: the check and the record are one `_id` lookup and one unique insert. */
  _id: string;
  consumer: string;
  processedAt: Date;
  /** processedAt + the retention: past it the store deletes the id (docs/retention.md). */
  expiresAt: Date;
}

/** Declared in the collections of every service that uses it (`src/db/collections.ts`). */
export const processedEventSchema = new Schema<ProcessedEventDocument>(
  {
    _id: String,
    consumer: { type: String, required: true },
    processedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'processed_events', versionKey: false },
);
// Retention (TTL): an id is kept longer than Kafka can deliver its event again, then the store drops it.
processedEventSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

/** The ids of events a consumer has fully handled, so a redelivered event is skipped. */
export interface ProcessedEvents {
  has(consumer: string, eventId: string): Promise<boolean>;
  add(consumer: string, eventId: string): Promise<void>;
}

export interface ProcessedEventsOptions {
  /** How long an id is kept after its event was handled: a service passes `KAFKA_PROCESSED_IDS_DAYS`. */
  retentionMs: number;
  now?: () => Date;
}

/** `KAFKA_PROCESSED_IDS_DAYS`'s default (30 days), for callers that pass no options (tests). */
const DEFAULT_RETENTION_MS = 30 * 86_400_000;

export function createProcessedEvents(
  connection: Connection,
  options: ProcessedEventsOptions = { retentionMs: DEFAULT_RETENTION_MS },
): ProcessedEvents {
  const model = modelOn(connection, 'ProcessedEvent', processedEventSchema);
  const raw = model.collection as unknown as mongo.Collection<ProcessedEventDocument>;
  const now = options.now ?? (() => new Date());
  const key = (consumer: string, eventId: string) => `${consumer}:${eventId}`;
  return {
    async has(consumer, eventId) {
      // Through the driver: one `_id` lookup needs no query casting.
      return (await raw.findOne({ _id: key(consumer, eventId) }, { projection: { _id: 1 } })) !== null;
    },
    async add(consumer, eventId) {
      // A handler that ran twice (crash before this write) records once: the duplicate is expected.
      const processedAt = now();
      const expiresAt = new Date(processedAt.getTime() + options.retentionMs);
      await insertWholeIfAbsent(model, { _id: key(consumer, eventId), consumer, processedAt, expiresAt });
    },
  };
}
