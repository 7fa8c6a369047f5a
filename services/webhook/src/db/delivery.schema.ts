import { Schema } from 'mongoose';
import type { AttemptRecord, Delivery } from '../domain/delivery';

/** Every delivery ever made, with its final status: what support reads. */
export interface DeliveryDocument extends Omit<Delivery, 'id'> {
  _id: string;
  finishedAt: Date | null;
}

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
    finishedAt: { type: Date, default: null },
  },
  { collection: 'webhook_deliveries', versionKey: false },
);
deliverySchema.index({ eventId: 1 });
deliverySchema.index({ endpointId: 1 });

/**
 * The schedule: one document per delivery still pending, `_id` = delivery id, holding its next attempt.
 * Kept apart from the deliveries so the dispatcher's scan for due work reads only what is pending
 * (FerretDB reads the whole collection for any filter but `_id`).
 */
export interface QueueDocument {
  _id: string;
  number: number;
  dueAt: Date;
}

export const queueSchema = new Schema<QueueDocument>(
  {
    _id: { type: String, required: true },
    number: { type: Number, required: true },
    dueAt: { type: Date, required: true },
  },
  { collection: 'webhook_queue', versionKey: false },
);
queueSchema.index({ dueAt: 1 });

/**
 * The lease on one attempt: `_id` = `<delivery>:<attempt>:<take>`. A replica owns an attempt by inserting
 * take 0; if its owner crashed and the lease ran out, the next replica inserts take 1, and so on. Only
 * a unique insert can decide who sends (FerretDB's updates are not atomic).
 */
export interface ClaimDocument {
  _id: string;
  owner: string;
  leaseUntil: Date;
}

export const claimSchema = new Schema<ClaimDocument>(
  {
    _id: { type: String, required: true },
    owner: { type: String, required: true },
    leaseUntil: { type: Date, required: true },
  },
  { collection: 'webhook_attempt_claims', versionKey: false },
);

/** One attempt's outcome, `_id` = `<delivery>:<attempt>`: written once, before the schedule moves on. */
export interface AttemptDocument extends AttemptRecord {
  _id: string;
}

export const attemptSchema = new Schema<AttemptDocument>(
  {
    _id: { type: String, required: true },
    deliveryId: { type: String, required: true },
    number: { type: Number, required: true },
    at: { type: Date, required: true },
    statusCode: { type: Number, default: null },
    error: { type: String, default: null },
    durationMs: { type: Number, required: true },
    acknowledged: { type: Boolean, required: true },
  },
  { collection: 'webhook_attempts', versionKey: false },
);
attemptSchema.index({ deliveryId: 1 });
