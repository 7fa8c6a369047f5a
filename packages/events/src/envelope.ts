import { randomBytes } from 'node:crypto';
import { events } from '@travel/contracts';

/** An event as our code sees it: the envelope fields plus the encoded payload message. */
export type EventEnvelope = events.EventEnvelope;

export interface OutgoingEvent extends EventEnvelope {
  /** Partition key: the aggregate id, so one aggregate's events stay in order. */
  key: string;
  /**
   * The W3C `traceparent` of the work that wrote the event, kept in its outbox entry until it is published,
   * so the published message continues that trace (`currentTraceparent()` of @travel/tracing). Not part of
   * the envelope: it travels in a message header.
   */
  traceparent?: string;
}

/** `evt_` + 20 random base32-ish characters; unique without coordination. */
export function newEventId(): string {
  return `evt_${randomBytes(13).toString('base64url').replace(/[-_]/g, '0').slice(0, 20)}`;
}

export function encodeEnvelope(event: EventEnvelope): Buffer {
  return Buffer.from(events.EventEnvelope.encode(event).finish());
}

/** Decodes and checks the fields every consumer relies on; throws on anything unusable. */
export function decodeEnvelope(bytes: Buffer | null): EventEnvelope {
  if (!bytes || bytes.length === 0) throw new Error('empty message');
  const envelope = events.EventEnvelope.decode(bytes);
  if (!envelope.id || !envelope.type || !envelope.occurredAt)
    throw new Error('envelope lacks id, type or occurredAt');
  return envelope;
}
