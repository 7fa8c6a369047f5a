import { insertIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { AttemptRecord, Delivery, DeliveryStatus, DueAttempt } from '../domain/delivery';
import {
  type AttemptDocument,
  attemptSchema,
  type ClaimDocument,
  claimSchema,
  type DeliveryDocument,
  deliverySchema,
  type QueueDocument,
  queueSchema,
} from './delivery.schema';

export interface DeliveryRepository {
  /**
   * Creates the delivery and schedules its first attempt; for an event seen before, only repairs a
   * schedule a crash left unwritten. Never schedules a delivery that has ended.
   */
  enqueue(delivery: Delivery, dueAt: Date): Promise<void>;
  find(id: string): Promise<Delivery | undefined>;
  due(now: Date, limit: number): Promise<DueAttempt[]>;
  /** Takes the lease on one attempt; false while another replica holds it. */
  claim(attempt: DueAttempt, owner: string, now: Date, leaseMs: number): Promise<boolean>;
  findAttempt(deliveryId: string, number: number): Promise<AttemptRecord | undefined>;
  /** Records an attempt once; a second record of the same attempt (a taken-over lease) is ignored. */
  recordAttempt(record: AttemptRecord): Promise<void>;
  reschedule(deliveryId: string, number: number, dueAt: Date): Promise<void>;
  /** Ends a delivery: its status first, then its schedule (a crash in between is repaired on the next pass). */
  finish(deliveryId: string, status: Exclude<DeliveryStatus, 'pending'>, at: Date): Promise<void>;
  unschedule(deliveryId: string): Promise<void>;
  ofEvent(eventId: string): Promise<Delivery[]>;
  ofEndpoint(endpointId: string): Promise<Delivery[]>;
  attemptsOf(deliveryId: string): Promise<AttemptRecord[]>;
  nextAttemptOf(deliveryId: string): Promise<DueAttempt | undefined>;
}

export function createDeliveryRepository(connection: Connection): DeliveryRepository {
  const deliveries = modelOn(connection, 'WebhookDelivery', deliverySchema);
  const queue = modelOn(connection, 'WebhookQueue', queueSchema);
  const claims = modelOn(connection, 'WebhookAttemptClaim', claimSchema);
  const attempts = modelOn(connection, 'WebhookAttempt', attemptSchema);

  return {
    async enqueue(delivery, dueAt) {
      const { id, ...fields } = delivery;
      const created = await insertIfAbsent(deliveries, { _id: id, ...fields, finishedAt: null });
      if (!created && (await deliveries.findById(id).lean<DeliveryDocument>())?.status !== 'pending') return;
      await insertIfAbsent(queue, { _id: id, number: 1, dueAt });
    },
    async find(id) {
      const doc = await deliveries.findById(id).lean<DeliveryDocument>();
      return doc ? toDelivery(doc) : undefined;
    },
    async due(now, limit) {
      const docs = await queue
        .find({ dueAt: { $lte: now } })
        .sort({ dueAt: 1 })
        .limit(limit)
        .lean<QueueDocument[]>();
      return docs.map(toDueAttempt);
    },
    async claim(attempt, owner, now, leaseMs) {
      const leaseUntil = new Date(now.getTime() + leaseMs);
      for (let take = 0; ; take++) {
        const _id = `${attempt.deliveryId}:${attempt.number}:${take}`;
        if (await insertIfAbsent(claims, { _id, owner, leaseUntil })) return true;
        const held = await claims.findById(_id).lean<ClaimDocument>();
        if (held && held.leaseUntil > now) return false;
      }
    },
    async findAttempt(deliveryId, number) {
      return (await attempts.findById(`${deliveryId}:${number}`).lean<AttemptDocument>()) ?? undefined;
    },
    async recordAttempt(record) {
      await insertIfAbsent(attempts, { _id: `${record.deliveryId}:${record.number}`, ...record });
    },
    async reschedule(deliveryId, number, dueAt) {
      // Only the holder of the current attempt's lease moves the schedule, so a plain update is safe.
      await queue.updateOne({ _id: deliveryId }, { $set: { number, dueAt } });
    },
    async finish(deliveryId, status, at) {
      await deliveries.updateOne({ _id: deliveryId }, { $set: { status, finishedAt: at } });
      await queue.deleteOne({ _id: deliveryId });
    },
    async unschedule(deliveryId) {
      await queue.deleteOne({ _id: deliveryId });
    },
    async ofEvent(eventId) {
      return (await deliveries.find({ eventId }).lean<DeliveryDocument[]>()).map(toDelivery);
    },
    async ofEndpoint(endpointId) {
      return (await deliveries.find({ endpointId }).lean<DeliveryDocument[]>()).map(toDelivery);
    },
    async attemptsOf(deliveryId) {
      const docs = await attempts.find({ deliveryId }).lean<AttemptDocument[]>();
      return docs.sort((a, b) => a.number - b.number);
    },
    async nextAttemptOf(deliveryId) {
      const doc = await queue.findById(deliveryId).lean<QueueDocument>();
      return doc ? toDueAttempt(doc) : undefined;
    },
  };
}

function toDelivery(doc: DeliveryDocument): Delivery {
  return {
    id: doc._id,
    eventId: doc.eventId,
    eventType: doc.eventType,
    endpointId: doc.endpointId,
    clientId: doc.clientId,
    body: doc.body,
    status: doc.status,
    createdAt: doc.createdAt,
  };
}

function toDueAttempt(doc: QueueDocument): DueAttempt {
  return { deliveryId: doc._id, number: doc.number, dueAt: doc.dueAt };
}
