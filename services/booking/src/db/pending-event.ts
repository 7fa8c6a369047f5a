import { newEventId } from '@travel/events';
import { currentTraceparent } from '@travel/tracing';
import { Schema } from 'mongoose';
import type { Booking } from '../domain/booking';

/**
 * An event waiting in the outbox of the booking whose fact it records. It is written in the same atomic
 * single-document write as the fact (the insert, or the cancel's update) and pulled once Kafka has
 * acknowledged it.
 */
export interface PendingEvent {
  id: string;
  type: 'booking.created' | 'booking.cancelled';
  occurredAt: Date;
  /**
   * The W3C trace of the request that caused it, so the event the relay publishes later (maybe from another
   * replica, after a crash) continues that request's trace. Absent when tracing is off.
   */
  traceparent?: string;
}

export const pendingEventSchema = new Schema<PendingEvent>(
  { id: String, type: String, occurredAt: Date, traceparent: String },
  { _id: false },
);

/** A new event of a booking, carrying the trace of the work that causes it. */
export function newPendingEvent(type: PendingEvent['type'], occurredAt: Date): PendingEvent {
  const traceparent = currentTraceparent();
  return { id: newEventId(), type, occurredAt, ...(traceparent ? { traceparent } : {}) };
}

/** Tells the outbox relay what a booking now holds to publish (all of it, in order), so it need not read it back. */
export type EventsWritten = (booking: Booking, events: PendingEvent[]) => void;
