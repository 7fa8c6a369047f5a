import type { AuditEntry } from '@travel/audit';
import { cursorCodec } from '@travel/paging';
import type { ParkReason } from './retry-budget';

/** `parked` until an operator replays it (handled: `replayed`) or gives it up (`discarded`). */
export type ParkedStatus = 'parked' | 'replayed' | 'discarded';

/** A message a consumer group could not handle, as it is kept in the consuming service's own database. */
export interface ParkedEvent {
  /** `pev_<service>_<hash>` of group, topic, partition and offset: parking the same message twice is one record. */
  id: string;
  group: string;
  /** The topic's plain name (without a copy's namespace). */
  topic: string;
  partition: number;
  offset: number;
  key: string | null;
  /** The envelope bytes as they were on the topic. */
  value: Buffer;
  /** From the envelope; null when it could not be decoded. */
  eventId: string | null;
  eventType: string | null;
  reason: ParkReason;
  lastError: string;
  attempts: number;
  firstFailedAt: Date;
  lastFailedAt: Date;
  parkedAt: Date;
  status: ParkedStatus;
  resolvedAt: Date | null;
  resolvedBy: string;
  discardReason: string;
}

export type NewParkedEvent = Omit<
  ParkedEvent,
  'id' | 'status' | 'resolvedAt' | 'resolvedBy' | 'discardReason'
>;

/** Where a list page starts: after this event in the order newest parked first. */
export interface ParkedPosition {
  parkedAt: Date;
  id: string;
}

export interface ParkedFilter {
  group?: string;
  topic?: string;
  parkedBefore?: Date;
  status: ParkedStatus;
  after?: ParkedPosition;
  limit: number;
}

/** The parked events of one service, on its own database (`@travel/mongo`'s `createParkedEvents`). */
export interface ParkedEventStore {
  /** Records the event; a second park of the same message (a crash mid-park, a redelivery) changes nothing. */
  park(event: NewParkedEvent): Promise<ParkedEvent>;
  find(id: string): Promise<ParkedEvent | null>;
  list(filter: ParkedFilter): Promise<ParkedEvent[]>;
  /** The keys of a group that have an event still parked: blocked, in a group that keeps per-key order. */
  blockedKeys(group: string): Promise<{ topic: string; key: string }[]>;
  /** The events of one key still parked, oldest offset first. */
  parkedOfKey(group: string, topic: string, key: string): Promise<ParkedEvent[]>;
  /**
   * A replay failed again: the new error and attempt count, stored with the replay's audit entry in one write;
   * null when it is no longer parked (nothing written).
   */
  failedAgain(
    id: string,
    failure: { lastError: string; attempts: number; at: Date },
    entry: AuditEntry,
  ): Promise<ParkedEvent | null>;
  /**
   * Replayed or discarded, only while it is still parked, with the operator's audit entry in the same write;
   * null when another operator resolved it first (nothing written).
   */
  resolve(
    id: string,
    outcome: { status: 'replayed' | 'discarded'; by: string; at: Date; discardReason?: string },
    entry: AuditEntry,
  ): Promise<ParkedEvent | null>;
  /** Events of the group still parked (`kafka_consumer_parked_events`). */
  countParked(group: string): Promise<number>;
}

/**
 * Cursors of the parked-events lists: the position of a page's last event, `<parkedAt ms>.<id>` (no prefix:
 * the gateway merges the services' pages and hands out one cursor all of them understand).
 */
export const parkedCursors = cursorCodec<ParkedPosition>('', {
  write: (position) => `${position.parkedAt.getTime()}.${position.id}`,
  read: (text) => {
    const match = /^(\d{1,15})\.(pev_[a-z0-9-]+_[0-9a-f]{24})$/.exec(text);
    return match ? { parkedAt: new Date(Number(match[1])), id: match[2] as string } : undefined;
  },
});

/** The cursor of a list page: the position of its last event, opaque to clients. */
export function encodeParkedCursor(position: ParkedPosition): string {
  return parkedCursors.encode(position);
}

/** The position a cursor names, or null when it is not one `encodeParkedCursor` made. */
export function decodeParkedCursor(cursor: string): ParkedPosition | null {
  return parkedCursors.read(cursor) ?? null;
}

/** The service a parked event's id names (`pev_billing_…` → `billing`), or null when it is not such an id. */
export function serviceOfParkedId(id: string): string | null {
  return /^pev_([a-z0-9-]+)_[0-9a-f]{24}$/.exec(id)?.[1] ?? null;
}
