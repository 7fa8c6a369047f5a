import { randomUUID } from 'node:crypto';
import { isDuplicateKeyError, modelOn } from '@travel/mongo';
import { PAGE_SIZE } from '@travel/paging';
import type { Connection, mongo } from 'mongoose';
import type {
  AttemptRecord,
  ClaimedAttempt,
  Delivery,
  DeliveryHistory,
  DueAttempt,
} from '../domain/deliveries/delivery';
import type { DeliveryPosition } from '../domain/deliveries/delivery-cursor';
import type { NextStep } from '../domain/deliveries/retry-schedule';
import type { EventType } from '../domain/event-types';
import { type DeliveryDocument, deliverySchema } from './delivery.schema';

export interface DeliveryRepository {
  /**
   * Creates the deliveries of one event in one write, each with its first attempt due at `dueAt`. Those a
   * redelivered event made already are left as they are (their ids are derived from event and endpoint).
   * With a `lease`, they are created already leased (`dueAt` is then the lease's end): the caller makes
   * their first attempts at once; `held`: created held by their endpoint's open breaker (`dueAt` is when it
   * probes). Answers the ids it created.
   */
  enqueue(deliveries: Delivery[], dueAt: Date, mark?: EnqueueMark): Promise<string[]>;
  /** Pending attempts due by `now`, earliest first, to any endpoint but those `excluded`. */
  due(now: Date, limit: number, excluded?: readonly string[]): Promise<DueAttempt[]>;
  /** The endpoint's earliest pending attempt due by `now` (its breaker's probe). */
  firstDueOf(endpointId: string, now: Date): Promise<DueAttempt | undefined>;
  /**
   * Holds the endpoint's deliveries that are due by `now` or held already until `until` (its breaker probes
   * then): their `dueAt` moves, their attempt number does not. Attempts in flight (leased) are left alone.
   */
  hold(endpointId: string, now: Date, until: Date): Promise<void>;
  /** Its breaker closed: the endpoint's held deliveries are due at `now`. */
  release(endpointId: string, now: Date): Promise<void>;
  /**
   * Takes the lease on due attempts: one conditional `updateMany` moves the `dueAt` of those still due to
   * the lease's end and marks them with this claim's random token, so no other replica can claim them
   * until then; one read by the token returns the ones this claim took. Those claimed, made or ended
   * meanwhile are left out.
   */
  claim(attempts: DueAttempt[], now: Date, leaseMs: number): Promise<ClaimedAttempt[]>;
  /**
   * Records attempts' outcomes, each moving its delivery to its next step in the same single-document
   * update, all in one bulk write.
   */
  recordAttempts(outcomes: RecordedOutcome[], at: Date): Promise<void>;
  /** Ends a pending delivery as cancelled (its endpoint is gone). */
  cancel(deliveryId: string, at: Date): Promise<void>;
  /** Cancels every pending delivery to an endpoint (it is being deleted). */
  cancelOfEndpoint(endpointId: string, at: Date): Promise<void>;
  /** One event's deliveries: to one client's endpoints (its id in the filter), or every client's (support). */
  ofEvent(eventId: string, clientId: number | null): Promise<DeliveryHistory[]>;
  ofEndpoint(endpointId: string): Promise<DeliveryHistory[]>;
  /** Up to `limit` of an endpoint's deliveries, newest first, strictly after `after`, narrowed by `filter`. */
  pageOfEndpoint(
    endpointId: string,
    filter: DeliveryFilter,
    after: DeliveryPosition | undefined,
    limit: number,
  ): Promise<DeliveryHistory[]>;
  /** One delivery when it is to this endpoint (the endpoint in the filter). */
  findOfEndpoint(endpointId: string, deliveryId: string): Promise<DeliveryHistory | undefined>;
  /**
   * Adds a redelivery's attempt (outside the schedule: its `number` is 0). A success ends the delivery as
   * acknowledged, also a pending one (its schedule stops); a failure changes nothing else.
   */
  recordManualAttempt(deliveryId: string, record: AttemptRecord): Promise<void>;
  /**
   * Moves the endpoint's `failed` and `cancelled` deliveries (those partners read, filter and recover as
   * failed) created at or after `since` back to `pending`, no longer held, their next attempt due at `now` (a
   * failed one gets one more attempt: after it fails it is `failed` again; a cancelled one goes on with the
   * attempt it was waiting for and the retries left after it), each marked with `recovery`.
   * Answers how many carry that mark, so a recovery run again after a crash counts what it queued before.
   */
  requeueFailed(endpointId: string, since: Date, recovery: string, now: Date): Promise<number>;
  /**
   * Since when every delivery to the endpoint has failed, counting deliveries made from `from` on: the first
   * failed attempt of the earliest delivery made after the last acknowledged one (or after `from`); null when
   * none failed since (an acknowledged delivery ends a failing streak).
   */
  failingSince(endpointId: string, from: Date): Promise<Date | null>;
}

/** Stored statuses and an event type a page is narrowed to (absent: any). */
export interface DeliveryFilter {
  statuses?: Delivery['status'][];
  eventType?: string;
}

/** How `enqueue` creates deliveries: leased to the caller, or held by their endpoint's breaker. */
export type EnqueueMark = { lease: string } | { held: true };

/** One attempt's outcome and the step its delivery moves to. */
export interface RecordedOutcome {
  deliveryId: string;
  record: AttemptRecord;
  next: NextStep;
}

export function createDeliveryRepository(connection: Connection): DeliveryRepository {
  const deliveries = modelOn(connection, 'WebhookDelivery', deliverySchema);
  // The dispatcher's and the intake's calls go through the driver: their documents and updates are built
  // whole here, so mongoose's casting of each filter, update and bulk operation was CPU for nothing.
  const raw = deliveries.collection as unknown as mongo.Collection<DeliveryDocument>;

  return {
    async enqueue(batch, dueAt, mark) {
      if (batch.length === 0) return [];
      const docs = batch.map(({ id, ...fields }) => ({
        _id: id,
        ...fields,
        finishedAt: null,
        number: 1,
        dueAt,
        ...mark,
        attempts: [],
      }));
      try {
        await raw.insertMany(docs, { ordered: false });
        return docs.map((doc) => doc._id);
      } catch (error) {
        if (!onlyDuplicates(error)) throw error;
        const refused = new Set(refusedIndexes(error, docs.length));
        return docs.filter((_, i) => !refused.has(i)).map((doc) => doc._id);
      }
    },
    async due(now, limit, excluded = []) {
      const docs = await raw
        .find(
          {
            status: 'pending',
            dueAt: { $lte: now },
            ...(excluded.length > 0 ? { endpointId: { $nin: [...excluded] } } : {}),
          },
          { projection: { endpointId: 1, number: 1, dueAt: 1 }, sort: { dueAt: 1 }, limit },
        )
        .toArray();
      return docs.map(toDueAttempt);
    },
    async firstDueOf(endpointId, now) {
      const doc = await raw.findOne(
        { endpointId, status: 'pending', dueAt: { $lte: now } },
        { projection: { endpointId: 1, number: 1, dueAt: 1 }, sort: { dueAt: 1 } },
      );
      return doc ? toDueAttempt(doc) : undefined;
    },
    async hold(endpointId, now, until) {
      await raw.updateMany(
        { endpointId, status: 'pending', $or: [{ dueAt: { $lte: now } }, { held: true }] },
        { $set: { dueAt: until, held: true } },
      );
    },
    async release(endpointId, now) {
      await raw.updateMany(
        { endpointId, status: 'pending', held: true },
        { $set: { dueAt: now }, $unset: { held: '' } },
      );
    },
    async claim(attempts, now, leaseMs) {
      if (attempts.length === 0) return [];
      const ids = attempts.map((attempt) => attempt.deliveryId);
      const lease = randomUUID();
      const taken = await raw.updateMany(
        { _id: { $in: ids }, status: 'pending', dueAt: { $lte: now } },
        { $set: { dueAt: new Date(now.getTime() + leaseMs), lease }, $unset: { held: '' } },
      );
      if (taken.modifiedCount === 0) return [];
      const docs = await raw
        .find(
          { _id: { $in: ids }, lease },
          { projection: { number: 1, endpointId: 1, eventType: 1, body: 1, traceparent: 1 } },
        )
        .toArray();
      return docs.map((doc) => ({
        deliveryId: doc._id,
        number: doc.number,
        endpointId: doc.endpointId,
        eventType: doc.eventType as EventType,
        body: doc.body,
        ...(doc.traceparent ? { traceparent: doc.traceparent } : {}),
      }));
    },
    async recordAttempts(outcomes, at) {
      if (outcomes.length === 0) return;
      const result = await raw.bulkWrite(
        outcomes.map(({ deliveryId, record, next }) => ({
          updateOne: {
            filter: { _id: deliveryId, number: record.number, status: 'pending' },
            update: {
              $set:
                next.status === 'pending'
                  ? { number: record.number + 1, dueAt: next.dueAt }
                  : { status: next.status, finishedAt: at },
              $push: { attempts: record },
            },
          },
        })),
        { ordered: false },
      );
      if (result.matchedCount === outcomes.length) return;
      // Some were cancelled while the attempt was out, or a replica that took over an expired lease recorded
      // the attempt first: their schedule is not ours to move, but an attempt that was made is kept, once
      // (for those whose update above matched, the attempt is there and this one changes nothing).
      await raw.bulkWrite(
        outcomes.map(({ deliveryId, record }) => ({
          updateOne: {
            filter: { _id: deliveryId, 'attempts.number': { $ne: record.number } },
            update: { $push: { attempts: record } },
          },
        })),
        { ordered: false },
      );
    },
    async cancel(deliveryId, at) {
      await deliveries.updateOne(
        { _id: deliveryId, status: 'pending' },
        { $set: { status: 'cancelled', finishedAt: at } },
      );
    },
    async cancelOfEndpoint(endpointId, at) {
      await deliveries.updateMany(
        { endpointId, status: 'pending' },
        { $set: { status: 'cancelled', finishedAt: at } },
      );
    },
    // Support's whole lists are capped like every list (the newest PAGE_SIZE.max; docs/retention.md): an
    // endpoint's deliveries of a month can be many thousands, each with its body and attempts.
    async ofEvent(eventId, clientId) {
      const scope = clientId === null ? {} : { clientId };
      const docs = await deliveries
        .find({ eventId, ...scope })
        .sort({ createdAt: -1, _id: -1 })
        .limit(PAGE_SIZE.max)
        .lean<DeliveryDocument[]>();
      return docs.map(toHistory);
    },
    async ofEndpoint(endpointId) {
      const docs = await deliveries
        .find({ endpointId })
        .sort({ createdAt: -1, _id: -1 })
        .limit(PAGE_SIZE.max)
        .lean<DeliveryDocument[]>();
      return docs.map(toHistory);
    },
    async pageOfEndpoint(endpointId, filter, after, limit) {
      const docs = await raw
        .find(
          {
            endpointId,
            ...(filter.statuses ? { status: { $in: filter.statuses } } : {}),
            ...(filter.eventType ? { eventType: filter.eventType as EventType } : {}),
            ...(after
              ? {
                  $or: [
                    { createdAt: { $lt: after.createdAt } },
                    { createdAt: after.createdAt, _id: { $lt: after.id } },
                  ],
                }
              : {}),
          },
          { sort: { createdAt: -1, _id: -1 }, limit },
        )
        .toArray();
      return docs.map(toHistory);
    },
    async findOfEndpoint(endpointId, deliveryId) {
      const doc = await raw.findOne({ _id: deliveryId, endpointId });
      return doc ? toHistory(doc) : undefined;
    },
    async recordManualAttempt(deliveryId, record) {
      await raw.updateOne(
        { _id: deliveryId },
        record.acknowledged
          ? { $push: { attempts: record }, $set: { status: 'acknowledged', finishedAt: record.at } }
          : { $push: { attempts: record } },
      );
    },
    async failingSince(endpointId, from) {
      const lastAcknowledged = await raw.findOne(
        { endpointId, status: 'acknowledged', finishedAt: { $gte: from } },
        { projection: { finishedAt: 1 }, sort: { finishedAt: -1 } },
      );
      const streakFrom = lastAcknowledged?.finishedAt ?? from;
      const firstFailed = await raw.findOne(
        { endpointId, createdAt: { $gte: streakFrom }, 'attempts.0.acknowledged': false },
        { projection: { attempts: { $slice: 1 } }, sort: { createdAt: 1 } },
      );
      return firstFailed?.attempts[0]?.at ?? null;
    },
    async requeueFailed(endpointId, since, recovery, now) {
      const made = { endpointId, createdAt: { $gte: since } };
      const queued = { status: 'pending' as const, finishedAt: null, dueAt: now, recovery };
      // Failed: `number` is its last attempt, so one more is `number + 1` (and the schedule has none after it).
      await raw.updateMany(
        { ...made, status: 'failed' },
        { $set: queued, $inc: { number: 1 }, $unset: { held: '' } },
      );
      // Cancelled: `number` is the attempt it waited for, made only if it was out when the cancel came.
      const cancelled = raw.find(
        { ...made, status: 'cancelled' },
        { projection: { number: 1, 'attempts.number': 1 }, batchSize: REQUEUE_BATCH },
      );
      let batch: mongo.AnyBulkWriteOperation<DeliveryDocument>[] = [];
      const flush = async () => {
        if (batch.length > 0) await raw.bulkWrite(batch, { ordered: false });
        batch = [];
      };
      for await (const doc of cancelled) {
        const waitedFor = (doc.attempts ?? []).some((attempt) => attempt.number === doc.number);
        batch.push({
          updateOne: {
            filter: { _id: doc._id, status: 'cancelled' },
            update: {
              $set: { ...queued, number: waitedFor ? doc.number + 1 : doc.number },
              $unset: { held: '' },
            },
          },
        });
        if (batch.length >= REQUEUE_BATCH) await flush();
      }
      await flush();
      return raw.countDocuments({ endpointId, recovery });
    },
  };
}

/** A recovery moves cancelled deliveries back this many to a bulk write. */
const REQUEUE_BATCH = 500;

/** An unordered insert that failed only because some documents were there already. */
function onlyDuplicates(error: unknown): boolean {
  const writeErrors = (error as { writeErrors?: unknown[] }).writeErrors;
  if (!Array.isArray(writeErrors)) return isDuplicateKeyError(error);
  return writeErrors.length > 0 && writeErrors.every((writeError) => isDuplicateKeyError(writeError));
}

/** The documents an unordered insert of `count` refused, by their index in it (not said: all of them). */
function refusedIndexes(error: unknown, count: number): number[] {
  const writeErrors = (error as { writeErrors?: Array<{ index: number }> }).writeErrors;
  return Array.isArray(writeErrors)
    ? writeErrors.map((writeError) => writeError.index)
    : Array.from({ length: count }, (_, i) => i);
}

function toHistory(doc: DeliveryDocument): DeliveryHistory {
  return {
    id: doc._id,
    eventId: doc.eventId,
    eventType: doc.eventType,
    endpointId: doc.endpointId,
    clientId: doc.clientId,
    body: doc.body,
    status: doc.status,
    createdAt: doc.createdAt,
    // In time order: a redelivery's attempt (number 0) sits where it was made.
    attempts: [...(doc.attempts ?? [])].sort(
      (a, b) => a.at.getTime() - b.at.getTime() || a.number - b.number,
    ),
    next: doc.status === 'pending' ? toDueAttempt(doc) : undefined,
    held: doc.status === 'pending' && doc.held === true,
  };
}

function toDueAttempt(doc: Pick<DeliveryDocument, '_id' | 'endpointId' | 'number' | 'dueAt'>): DueAttempt {
  return { deliveryId: doc._id, endpointId: doc.endpointId, number: doc.number, dueAt: doc.dueAt };
}
