import { modelOn } from '@travel/mongo';
import { type Connection, Schema } from 'mongoose';
import type { OutgoingEvent } from './envelope';
import type { OutboxEntry, OutboxSource } from './outbox-relay';

/**
 * Events waiting in a collection of their own, one document per event, until the broker has them: for facts whose
 * own documents cannot carry their events (several collections, deletes). Each add is one single-document write,
 * not part of the write of the fact it announces, so an event may be stored *before* its fact and held: the scan
 * leaves it alone until `heldUntil`, by when the fact's write has landed or failed. Only for events whose early or
 * spurious arrival is harmless (a cache's "read this again"), never for facts a consumer would act on.
 */
export interface EventOutbox {
  /** The relay's view (`createOutboxRelay`): events past their hold, oldest first; `clear` deletes them. */
  source: OutboxSource;
  /** Stores an event; the relay's scan leaves it until `heldUntil` (default: at once). */
  add(event: OutgoingEvent, heldUntil?: Date): Promise<void>;
  /** Deletes an event that must not be published after all. */
  drop(eventId: string): Promise<void>;
}

export interface EventOutboxOptions {
  /** The collection's name (one per outbox). */
  collection: string;
  now?: () => Date;
}

type StoredEvent = Omit<OutgoingEvent, 'id'> & { _id: string; heldUntil: Date };

function storedEventSchema(collection: string): Schema<StoredEvent> {
  const schema = new Schema<StoredEvent>(
    {
      _id: String,
      key: String,
      type: String,
      occurredAt: Date,
      tenantId: String,
      clientId: String,
      livemode: Boolean,
      payload: Buffer,
      traceparent: String,
      heldUntil: Date,
    },
    { collection, versionKey: false },
  );
  // The relay's scan: events whose hold has passed, oldest first (every document waits: published ones are deleted).
  schema.index({ heldUntil: 1, _id: 1 });
  return schema;
}

export function createEventOutbox(connection: Connection, options: EventOutboxOptions): EventOutbox {
  const now = options.now ?? (() => new Date());
  const model = modelOn(
    connection,
    `EventOutbox:${options.collection}`,
    storedEventSchema(options.collection),
  );
  return {
    source: {
      async withPending(limit): Promise<OutboxEntry[]> {
        const docs = await model
          .find({ heldUntil: { $lte: now() } })
          .sort({ heldUntil: 1, _id: 1 })
          .limit(limit)
          .lean<StoredEvent[]>();
        return docs.map((doc) => {
          const event = eventOf(doc);
          return { id: event.id, events: [event] };
        });
      },
      async clear(published) {
        await model.deleteMany({ _id: { $in: published.map(({ id }) => id) } });
      },
    },
    async add({ id, ...event }, heldUntil = now()) {
      await model.create({ _id: id, ...event, heldUntil });
    },
    async drop(eventId) {
      await model.deleteOne({ _id: eventId });
    },
  };
}

function eventOf({ _id, heldUntil: _held, payload, traceparent, ...rest }: StoredEvent): OutgoingEvent {
  return {
    ...rest,
    id: _id,
    // The driver hands stored binary back as its own `Binary`.
    payload: Buffer.isBuffer(payload)
      ? payload
      : Buffer.from((payload as unknown as { buffer: Uint8Array }).buffer),
    ...(traceparent ? { traceparent } : {}),
  };
}
