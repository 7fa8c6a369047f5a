import type { EventType } from '../event-types';

export type DeliveryStatus = 'pending' | 'acknowledged' | 'failed' | 'cancelled';

/** One event for one endpoint: created once (its id is derived from both), then attempted until it ends. */
export interface Delivery {
  /** `whd_<event>_<endpoint number>`, the `X-Partner-Delivery` header. */
  id: string;
  eventId: string;
  eventType: EventType;
  endpointId: string;
  clientId: number;
  /** The exact bytes every attempt sends (and signs). */
  body: string;
  status: DeliveryStatus;
  createdAt: Date;
  /** The W3C trace of the event's handling: every attempt continues it (absent when tracing is off). */
  traceparent?: string;
}

/** The next attempt of a pending delivery: which one, to which endpoint, and from when. */
export interface DueAttempt {
  deliveryId: string;
  endpointId: string;
  number: number;
  dueAt: Date;
}

/** A due attempt this replica holds the lease on, with what it sends. */
export interface ClaimedAttempt {
  deliveryId: string;
  number: number;
  endpointId: string;
  eventType: EventType;
  body: string;
  traceparent?: string;
}

/** What one attempt found: the receiver's status, or why there was none. */
export interface AttemptResult {
  at: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  acknowledged: boolean;
  /** The first bytes of the receiver's answer (`RESPONSE_BODY_BYTES`); absent with no answer. */
  responseBody?: string | null;
}

export interface AttemptRecord extends AttemptResult {
  /** The schedule's attempt (1-based); 0 for a redelivery a partner asked for (outside the schedule). */
  number: number;
  /** Made by a redelivery a partner asked for. */
  manual?: boolean;
}

/** A delivery as support reads it: every attempt made (in time order), and the next one while it is pending. */
export interface DeliveryHistory extends Delivery {
  attempts: AttemptRecord[];
  next: DueAttempt | undefined;
  /** Pending and held by its endpoint's open circuit breaker: `next` is when the breaker probes, at the earliest. */
  held: boolean;
}

/** Derived from event and endpoint, so a redelivered event finds its delivery instead of making another. */
export function deliveryIdOf(eventId: string, endpointId: string): string {
  return `whd_${eventId.replace(/^evt_/, '')}_${endpointId.replace(/^whk_/, '')}`;
}

/** One POST to a partner endpoint, as the domain hands it to the adapter (`adapters/post-event.ts`). */
export interface OutgoingDelivery {
  url: string;
  /** Every secret valid now, the current one first: one `v1=` each (a rotation's overlap). */
  secrets: string[];
  eventType: string;
  deliveryId: string;
  body: string;
}
