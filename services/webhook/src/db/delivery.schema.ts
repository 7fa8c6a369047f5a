import { Schema } from 'mongoose';
import type { AttemptRecord, Delivery } from '../domain/deliveries/delivery';

/**
 * One delivery with its schedule and its history in one document, so that every step of it is one atomic
 * single-document write: created by insert, an attempt claimed by a conditional update, and its outcome
 * recorded together with the move of the schedule (there is no state "recorded but not moved").
 */
export interface DeliveryDocument extends Omit<Delivery, 'id'> {
  _id: string;
  finishedAt: Date | null;
  /** The attempt (1-based) due next while pending; the last one tried once finished. */
  number: number;
  /** When attempt `number` may be claimed. Claiming moves it to the end of the lease (see `claim`). */
  dueAt: Date;
  attempts: AttemptRecord[];
  /** The token of the claim that last leased the attempt (`claim` reads back what it took by it). */
  lease?: string;
  /** The recovery (`POST /webhooks/{id}/recover`) that last queued it again after it failed. */
  recovery?: string;
  /**
   * Set while its endpoint's circuit breaker holds it: `dueAt` was moved to when the breaker probes, and no
   * attempt is used up meanwhile. Cleared when it is claimed or the breaker closes.
   */
  held?: boolean;
}

const attemptSchema = new Schema<AttemptRecord>(
  {
    number: { type: Number, required: true },
    at: { type: Date, required: true },
    statusCode: { type: Number, default: null },
    error: { type: String, default: null },
    durationMs: { type: Number, required: true },
    acknowledged: { type: Boolean, required: true },
    responseBody: { type: String, default: null },
    manual: { type: Boolean },
  },
  { _id: false },
);

export const deliverySchema = new Schema<DeliveryDocument>(
  {
    _id: { type: String, required: true },
    eventId: { type: String, required: true },
    eventType: { type: String, required: true },
    endpointId: { type: String, required: true },
    clientId: { type: Number, required: true },
    body: { type: String, required: true },
    status: { type: String, required: true },
    createdAt: { type: Date, required: true },
    traceparent: { type: String },
    finishedAt: { type: Date, default: null },
    number: { type: Number, required: true },
    dueAt: { type: Date, required: true },
    attempts: { type: [attemptSchema], default: [] },
    lease: { type: String },
    recovery: { type: String },
    held: { type: Boolean },
  },
  { collection: 'webhook_deliveries', versionKey: false },
);
// Serves the dispatcher's scan `{ status: 'pending', dueAt: { $lte: now } }` sorted by `dueAt`: finished
// deliveries sit under their own status, so the scan reads only pending work, earliest first.
deliverySchema.index({ status: 1, dueAt: 1 });
// Serves support's "deliveries of this event" (`ofEvent`).
deliverySchema.index({ eventId: 1 });
// Serves a partner's pages of an endpoint's deliveries, newest first (`pageOfEndpoint`; the filters on
// status and event type narrow the same scan), and by its prefixes support's "deliveries to this endpoint", the
// cancelling of a deleted endpoint's pending ones, and "made since" of the auto-disable job and of recover.
deliverySchema.index({ endpointId: 1, createdAt: -1, _id: -1 });
// Serves one endpoint's pending deliveries in due order: its circuit breaker's probe (the earliest due), the
// holding and releasing of the rest (docs/decisions/webhooks.md, "Endpoints isolated from each other").
deliverySchema.index({ endpointId: 1, status: 1, dueAt: 1 });
// Serves the retention sweep: deliveries that finished before the cutoff (db/delivery-retention.ts).
deliverySchema.index({ finishedAt: 1 });
