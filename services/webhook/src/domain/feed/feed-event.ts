import type { Environment } from '../endpoints/endpoint';
import type { EventType } from '../event-types';

/**
 * One event as one partner client's feed holds it: the envelope webhook deliveries carry, plus its place in
 * the client's stream (per client and environment: a test key's feed has its own numbers).
 */
export interface FeedEvent {
  /** `evt_...`, the event's id on the platform (the same for every client that sees it). */
  id: string;
  type: EventType;
  clientId: number;
  environment: Environment;
  /** 1, 2, 3, ... within the client's stream: assigned once per event, never skipped (feed.repository.ts). */
  sequence: number;
  created: Date;
  livemode: boolean;
  data: Record<string, unknown>;
}

/** The clients of one event's feed: its stream's owner, or, for `invoice.paid`, the tenant's clients. */
export interface FeedAudience {
  clientIds: number[];
  environment: Environment;
  tenantId: string | null;
}

/** The stream a client's events are numbered in. */
export function streamIdOf(clientId: number, environment: Environment): string {
  return `${clientId}:${environment}`;
}

/** Derived from the event and the client, so a redelivered event finds its entry (and its sequence). */
export function feedEntryIdOf(eventId: string, clientId: number): string {
  return `${eventId}:${clientId}`;
}
