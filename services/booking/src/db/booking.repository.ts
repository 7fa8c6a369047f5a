import { type AuditEntry, type AuditOutbox, createAuditOutbox, withAuditEntry } from '@travel/audit';
import { isDuplicateKeyError, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { Booking, Owner } from '../domain/booking';
import { type BookingDocument, bookingSchema } from './booking.schema';
import type { PendingEvent } from './pending-event';

export interface NewBooking extends Booking {
  attempt: string;
  offer: Record<string, unknown>;
  pendingEvents: PendingEvent[];
  /** A staff member's offline booking: its audit entry, written with it. */
  pendingAudit?: AuditEntry[];
}

/** A booking with the events it holds unpublished, in the order they happened. */
export interface BookingWithEvents {
  booking: Booking;
  events: PendingEvent[];
}

export interface BookingRepository {
  /** `inserted`, or which unique rule refused it: the attempt booked already, or the PNR drawn is taken. */
  insert(booking: NewBooking): Promise<'inserted' | 'attempt_taken' | 'pnr_taken'>;
  /** The booking an idempotent attempt made, if any. */
  findByAttempt(attempt: string): Promise<Booking | null>;
  /** The booking if this owner (tenant, client, environment) made it; null otherwise. */
  findOwned(id: string, owner: Owner): Promise<Booking | null>;
  /** Up to `limit` of the owner's bookings numbered below `beforeNumber` (all when absent), newest first. */
  listOwned(owner: Owner, beforeNumber: number | undefined, limit: number): Promise<Booking[]>;
  /**
   * Cancels the owner's booking if it is `Upcoming` and its travel date is not before `today`, adding its
   * event, in one conditional update: the booking as it is now with every event it holds, or null.
   */
  cancel(
    id: string,
    owner: Owner,
    today: string,
    event: PendingEvent,
    attempt?: string,
    entry?: AuditEntry,
  ): Promise<BookingWithEvents | null>;
  /** The booking an idempotent cancel's attempt cancelled (the attempt is written with the status), or null. */
  findCancelledBy(id: string, attempt: string): Promise<Booking | null>;
  /** Completes upcoming bookings dated before `today` (only `id`, when given); how many. */
  completePast(today: string, at: Date, id?: string): Promise<number>;
  /** Bookings holding unpublished events, oldest first (the relay's safety net). */
  withPendingEvents(limit: number): Promise<BookingWithEvents[]>;
  /** Removes these published events from their bookings, in one update; any other event stays. */
  clearEvents(bookingIds: string[], eventIds: string[]): Promise<void>;
}

/** What a read needs: the offer and the outbox stay in the store. */
export const VIEW = { offer: 0, pendingEvents: 0, attempt: 0 } as const;

/** `audit`: the service's outbox; tests that only read or seed bookings may leave it to a private one. */
export function createBookingRepository(
  connection: Connection,
  audit: AuditOutbox = createAuditOutbox(),
): BookingRepository {
  const model = audit.track(modelOn(connection, 'Booking', bookingSchema));
  const ownedBy = (owner: Owner) => ({
    clientId: owner.clientId,
    livemode: owner.livemode,
    tenantId: owner.tenantId,
  });
  return {
    async insert(booking) {
      const { id, ...fields } = booking;
      const doc: BookingDocument = { ...fields, _id: id, closedAt: null };
      try {
        // Through the driver: the domain builds the whole document, so mongoose's document building,
        // casting and validation were a third of a booking's CPU; the unique indexes still decide.
        await model.collection.insertOne(doc as unknown as Record<string, unknown>);
        if (booking.pendingAudit) audit.written();
        return 'inserted';
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        return refusedBy(error) === 'pnr' ? 'pnr_taken' : 'attempt_taken';
      }
    },
    // Reads by key through the driver too: every replay and every `GET /bookings/{id}` makes one, and a
    // mongoose query costs more CPU than the store's answer (filters are plain strings, nothing to cast).
    async findByAttempt(attempt) {
      return toBooking(await model.collection.findOne<BookingDocument>({ attempt }, { projection: VIEW }));
    },
    async findOwned(id, owner) {
      return toBooking(
        await model.collection.findOne<BookingDocument>({ _id: id, ...ownedBy(owner) } as object, {
          projection: VIEW,
        }),
      );
    },
    async listOwned(owner, beforeNumber, limit) {
      const below = beforeNumber === undefined ? {} : { number: { $lt: beforeNumber } };
      const docs = await model
        .find({ ...ownedBy(owner), ...below }, VIEW)
        .sort({ number: -1 })
        .limit(limit)
        .lean<BookingDocument[]>();
      return docs.map(toBooking).filter((row) => row !== null);
    },
    async cancel(id, owner, today, event, attempt, entry) {
      const change = {
        $set: { status: 'Cancelled', closedAt: event.occurredAt, ...cancelAttemptOf(attempt) },
        $push: { pendingEvents: event },
      };
      const doc = await model
        .findOneAndUpdate(
          { _id: id, ...ownedBy(owner), status: 'Upcoming', date: { $gte: today } },
          entry ? withAuditEntry(change, entry) : change,
          { new: true, projection: { offer: 0 } },
        )
        .lean<BookingDocument>();
      if (doc && entry) audit.written();
      return withEvents(doc);
    },
    async findCancelledBy(id, attempt) {
      return toBooking(
        await model.collection.findOne<BookingDocument>({ _id: id, cancelAttempt: attempt } as object, {
          projection: VIEW,
        }),
      );
    },
    async completePast(today, at, id) {
      const result = await model.updateMany(
        { ...(id === undefined ? {} : { _id: id }), status: 'Upcoming', date: { $lt: today } },
        { $set: { status: 'Completed', closedAt: at } },
      );
      return result.modifiedCount;
    },
    async withPendingEvents(limit) {
      const docs = await model
        .find({ 'pendingEvents.id': { $exists: true } }, { offer: 0 })
        .sort({ number: 1 })
        .limit(limit)
        .lean<BookingDocument[]>();
      return docs.map(withEvents).filter((row) => row !== null);
    },
    async clearEvents(bookingIds, eventIds) {
      if (bookingIds.length === 0) return;
      // `$pull` of exactly the published ids: a cancel that pushed its event meanwhile keeps it pending.
      await model.updateMany(
        { _id: { $in: bookingIds } },
        { $pull: { pendingEvents: { id: { $in: eventIds } } } },
      );
    },
  };
}

/** The unique index that refused an insert (MongoDB names it in `keyPattern`). */
function refusedBy(error: unknown): string | undefined {
  const pattern = (error as { keyPattern?: Record<string, unknown> }).keyPattern;
  return pattern ? Object.keys(pattern)[0] : undefined;
}

export function withEvents(doc: BookingDocument | null): BookingWithEvents | null {
  const booking = toBooking(doc);
  return doc && booking ? { booking, events: doc.pendingEvents } : null;
}

/** An idempotent cancel writes its attempt with the status: a retry finds the cancel by it (docs/idempotency.md). */
export function cancelAttemptOf(attempt: string | undefined): { cancelAttempt?: string } {
  return attempt ? { cancelAttempt: attempt } : {};
}

export function toBooking(doc: BookingDocument | null): Booking | null {
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
    status: doc.status,
    // Bookings made before the mark came from the simulated inventory, the only supply there was.
    simulated: doc.simulated ?? true,
    ...(doc.storefront ? { storefront: doc.storefront } : {}),
    ...(doc.voucher ? { voucher: doc.voucher } : {}),
  };
}
