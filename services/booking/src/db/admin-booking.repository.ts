import { type AuditEntry, type AuditOutbox, withAuditEntry } from '@travel/audit';
import { modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { Booking } from '../domain/booking';
import { toBooking, VIEW } from './booking.repository';
import { type BookingDocument, bookingSchema } from './booking.schema';

/** A booking as staff see it: who owns it and who supplies it, beside what its owner sees. */
export interface AdminBookingRow {
  booking: Booking;
  supplierId: string | null;
}

/** Which bookings, for staff: a scope (undefined: all; a tenant; `''`: the storefront's) and filters. */
export interface AdminBookingFilter {
  tenantId: string | undefined;
  status?: string;
  type?: string;
  livemode?: boolean;
  dateFrom?: string;
  dateTo?: string;
  createdFrom?: Date;
  /** Exclusive. */
  createdBefore?: Date;
}

export interface AdminBookingRepository {
  /** Up to `limit` bookings of the filter numbered below `beforeNumber` (all when absent), newest first. */
  list(
    filter: AdminBookingFilter,
    beforeNumber: number | undefined,
    limit: number,
  ): Promise<AdminBookingRow[]>;
  /**
   * These bookings in the tenant filter (undefined: any owner; a tenant; `''`: the storefront's), in no
   * particular order; unknown ids and those outside the filter are left out.
   */
  findByIds(ids: string[], tenantId: string | undefined): Promise<AdminBookingRow[]>;
  /**
   * Sets the supplier of those of these bookings that are `Upcoming` with a travel date from `today` on,
   * in one conditional update (a booking cancelled meanwhile keeps no new supplier).
   */
  /** Each booking's update carries the audit entry `entryOf` makes for it (one bulk write, atomic per booking). */
  assignSupplier(
    ids: string[],
    supplierId: string,
    today: string,
    entryOf: (id: string) => AuditEntry,
  ): Promise<void>;
}

export function createAdminBookingRepository(
  connection: Connection,
  audit: AuditOutbox,
): AdminBookingRepository {
  const model = audit.track(modelOn(connection, 'Booking', bookingSchema));
  return {
    async list(filter, beforeNumber, limit) {
      const docs = await model
        .find(
          { ...queryOf(filter), ...(beforeNumber === undefined ? {} : { number: { $lt: beforeNumber } }) },
          VIEW,
        )
        .sort({ number: -1 })
        .limit(limit)
        .lean<BookingDocument[]>();
      return docs.map(toRow);
    },
    async findByIds(ids, tenantId) {
      if (ids.length === 0) return [];
      const scope = tenantId === undefined ? {} : { tenantId };
      return (await model.find({ _id: { $in: ids }, ...scope }, VIEW).lean<BookingDocument[]>()).map(toRow);
    },
    async assignSupplier(ids, supplierId, today, entryOf) {
      if (ids.length === 0) return;
      const { modifiedCount } = await model.bulkWrite(
        ids.map((id) => ({
          updateOne: {
            filter: { _id: id, status: 'Upcoming', date: { $gte: today } },
            update: withAuditEntry({ $set: { supplierId } }, entryOf(id)) as never,
          },
        })),
        { ordered: false },
      );
      if (modifiedCount > 0) audit.written();
    },
  };
}

function queryOf(filter: AdminBookingFilter): Record<string, unknown> {
  const range = (from: unknown, to: unknown, toKey: '$lte' | '$lt') =>
    from === undefined && to === undefined
      ? undefined
      : { ...(from === undefined ? {} : { $gte: from }), ...(to === undefined ? {} : { [toKey]: to }) };
  const date = range(filter.dateFrom, filter.dateTo, '$lte');
  const createdAt = range(filter.createdFrom, filter.createdBefore, '$lt');
  return {
    ...(filter.tenantId === undefined ? {} : { tenantId: filter.tenantId }),
    // A storefront booking being paid (`Pending`) is not a booking yet: nobody sees it.
    status: filter.status ?? { $ne: 'Pending' },
    ...(filter.type === undefined ? {} : { type: filter.type }),
    ...(filter.livemode === undefined ? {} : { livemode: filter.livemode }),
    ...(date ? { date } : {}),
    ...(createdAt ? { createdAt } : {}),
  };
}

function toRow(doc: BookingDocument): AdminBookingRow {
  const booking = toBooking(doc);
  if (!booking) throw new Error('a booking document did not read as a booking');
  return { booking, supplierId: doc.supplierId ?? null };
}
