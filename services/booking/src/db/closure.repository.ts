import { insertIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { Closure } from '../domain/booking';
import { type ClosureDocument, closureSchema } from './closure.schema';
import type { PendingEvent } from './pending-event';

export interface ClosureRepository {
  /** Closes a booking with its event (if any) in one insert; false when it was closed already. */
  close(closure: Closure, events: PendingEvent[]): Promise<boolean>;
  find(bookingId: string): Promise<Closure | undefined>;
  findFor(bookingIds: string[]): Promise<Map<string, Closure>>;
  withPendingEvents(limit: number): Promise<Array<{ closure: Closure; events: PendingEvent[] }>>;
  /** This closure's unpublished events, if any, looked up by `_id`. */
  pendingOf(bookingId: string): Promise<{ closure: Closure; events: PendingEvent[] } | null>;
  clearPendingEvents(bookingIds: string[]): Promise<void>;
}

export function createClosureRepository(connection: Connection): ClosureRepository {
  const model = modelOn(connection, 'BookingClosure', closureSchema);
  return {
    async close(closure, events) {
      const doc: ClosureDocument = {
        _id: closure.bookingId,
        status: closure.status,
        at: closure.at,
        pendingEvents: events,
        outboxPending: events.length > 0,
      };
      return insertIfAbsent(model, doc);
    },
    async find(bookingId) {
      const doc = await model.findById(bookingId).lean<ClosureDocument>();
      return doc ? toClosure(doc) : undefined;
    },
    async findFor(bookingIds) {
      if (bookingIds.length === 0) return new Map();
      const docs = await model.find({ _id: { $in: bookingIds } }).lean<ClosureDocument[]>();
      return new Map(docs.map((doc) => [doc._id, toClosure(doc)]));
    },
    async withPendingEvents(limit) {
      const docs = await model
        .find({ outboxPending: true })
        .sort({ at: 1 })
        .limit(limit)
        .lean<ClosureDocument[]>();
      return docs.map((doc) => ({ closure: toClosure(doc), events: doc.pendingEvents }));
    },
    async pendingOf(bookingId) {
      const doc = await model.findById(bookingId).lean<ClosureDocument>();
      return doc?.outboxPending ? { closure: toClosure(doc), events: doc.pendingEvents } : null;
    },
    async clearPendingEvents(bookingIds) {
      // The relay is the only writer of a closure after its insert; one update per `_id` (see bookings).
      await Promise.all(
        bookingIds.map((id) =>
          model.updateOne({ _id: id }, { $set: { outboxPending: false, pendingEvents: [] } }),
        ),
      );
    },
  };
}

function toClosure(doc: ClosureDocument): Closure {
  return { bookingId: doc._id, status: doc.status, at: doc.at };
}
