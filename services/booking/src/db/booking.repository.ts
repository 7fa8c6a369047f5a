import { isDuplicateKeyError, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { Booking, Owner } from '../domain/booking';
import { type BookingDocument, bookingSchema } from './booking.schema';
import type { PendingEvent } from './pending-event';

export interface NewBooking extends Booking {
  attempt: string;
  offer: Record<string, unknown>;
  pendingEvents: PendingEvent[];
}

export interface BookingRepository {
  /** `inserted`, or which unique rule refused it: the id is booked already, or the PNR drawn is taken. */
  insert(booking: NewBooking): Promise<'inserted' | 'id_taken' | 'pnr_taken'>;
  findById(id: string): Promise<Booking | null>;
  /** The booking if this owner (tenant, client, environment) made it; null otherwise. */
  findOwned(id: string, owner: Owner): Promise<Booking | null>;
  /** Up to `limit` of the owner's bookings numbered below `beforeNumber` (all when absent), newest first. */
  listOwned(owner: Owner, beforeNumber: number | undefined, limit: number): Promise<Booking[]>;
  findByIds(ids: string[]): Promise<Booking[]>;
  /** Ids of bookings whose travel date is in [fromDay, beforeDay) (from the start when fromDay is null). */
  idsDatedBetween(fromDay: string | null, beforeDay: string): Promise<string[]>;
  /** Bookings with unpublished events, oldest first (a scan: the relay's safety net, not its fast path). */
  withPendingEvents(limit: number): Promise<Array<{ booking: Booking; events: PendingEvent[] }>>;
  /** This booking's unpublished events, if any, looked up by `_id`. */
  pendingOf(id: string): Promise<{ booking: Booking; events: PendingEvent[] } | null>;
  clearPendingEvents(ids: string[]): Promise<void>;
}

export function createBookingRepository(connection: Connection): BookingRepository {
  const model = modelOn(connection, 'Booking', bookingSchema);
  const ownedBy = (owner: Owner) => ({
    clientId: owner.clientId,
    livemode: owner.livemode,
    tenantId: owner.tenantId,
  });
  return {
    async insert(booking) {
      const { id, attempt, pendingEvents, ...fields } = booking;
      const doc: BookingDocument = {
        ...fields,
        _id: id,
        attempt,
        pendingEvents,
        outboxPending: pendingEvents.length > 0,
      };
      try {
        await model.create(doc);
        return 'inserted';
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        return (await model.exists({ _id: id })) ? 'id_taken' : 'pnr_taken';
      }
    },
    async findById(id) {
      return toBooking(await model.findById(id).lean<BookingDocument>());
    },
    async findOwned(id, owner) {
      // By `_id` alone, then the owner in code: FerretDB answers only a bare `_id` filter from an index.
      const found = toBooking(await model.findById(id).lean<BookingDocument>());
      const mine =
        found?.clientId === owner.clientId &&
        found.livemode === owner.livemode &&
        found.tenantId === owner.tenantId;
      return mine ? found : null;
    },
    async listOwned(owner, beforeNumber, limit) {
      const below = beforeNumber === undefined ? {} : { number: { $lt: beforeNumber } };
      const docs = await model
        .find({ ...ownedBy(owner), ...below })
        .sort({ number: -1 })
        .limit(limit)
        .lean<BookingDocument[]>();
      return docs.map((doc) => toBooking(doc) as Booking);
    },
    async findByIds(ids) {
      const docs = await model.find({ _id: { $in: ids } }).lean<BookingDocument[]>();
      return docs.map((doc) => toBooking(doc) as Booking);
    },
    async idsDatedBetween(fromDay, beforeDay) {
      const date = fromDay === null ? { $lt: beforeDay } : { $gte: fromDay, $lt: beforeDay };
      const docs = await model.find({ date }, { _id: 1 }).lean<Array<{ _id: string }>>();
      return docs.map((doc) => doc._id);
    },
    async withPendingEvents(limit) {
      const docs = await model
        .find({ outboxPending: true })
        .sort({ number: 1 })
        .limit(limit)
        .lean<BookingDocument[]>();
      return docs.map((doc) => ({ booking: toBooking(doc) as Booking, events: doc.pendingEvents }));
    },
    async pendingOf(id) {
      const doc = await model.findById(id).lean<BookingDocument>();
      return doc?.outboxPending ? { booking: toBooking(doc) as Booking, events: doc.pendingEvents } : null;
    },
    async clearPendingEvents(ids) {
      // The relay is the only writer of a booking after its insert, so this update races with no one.
      // One update per `_id`: FerretDB answers `_id: { $in }` by reading the whole collection.
      await Promise.all(
        ids.map((id) => model.updateOne({ _id: id }, { $set: { outboxPending: false, pendingEvents: [] } })),
      );
    },
  };
}

function toBooking(doc: BookingDocument | null): Booking | null {
  if (!doc) return null;
  return {
    id: doc._id,
    number: doc.number,
    pnr: doc.pnr,
    tenantId: doc.tenantId,
    clientId: doc.clientId,
    livemode: doc.livemode,
    type: doc.type,
    route: doc.route,
    date: doc.date,
    amount: doc.amount,
    currency: doc.currency,
    reference: doc.reference ?? null,
    contact: { name: doc.contact.name, email: doc.contact.email, phone: doc.contact.phone ?? null },
    travellers: (doc.travellers ?? []).map(({ firstName, lastName }) => ({ firstName, lastName })),
    createdAt: doc.createdAt,
  };
}
