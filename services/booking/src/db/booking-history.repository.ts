import { modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { Booking } from '../domain/booking';
import { toBooking, VIEW } from './booking.repository';
import { type BookingDocument, bookingSchema } from './booking.schema';

/** A booking, when its `booking.created` was written, and when it was cancelled (null while not cancelled). */
export interface BookingHistoryEntry {
  booking: Booking;
  createdAt: Date;
  cancelledAt: Date | null;
}

export interface BookingHistory {
  /**
   * Up to `limit` live bookings numbered above `after`, in number order: test mode and storefront bookings not
   * yet paid (`Pending`) published nothing.
   */
  liveAfter(after: number, limit: number): Promise<BookingHistoryEntry[]>;
}

/** Every live booking in number order, for read models rebuilt from booking's store (ListBookingHistory). */
export function createBookingHistory(connection: Connection): BookingHistory {
  const model = modelOn(connection, 'Booking', bookingSchema);
  return {
    async liveAfter(after, limit) {
      // The `{ number: -1 }` index, read forwards; bookings that published nothing are skipped on the way.
      const docs = await model
        .find({ number: { $gt: after }, livemode: true, status: { $ne: 'Pending' } }, VIEW)
        .sort({ number: 1 })
        .limit(limit)
        .lean<BookingDocument[]>();
      return docs.map((doc) => ({
        booking: toBooking(doc) as Booking,
        // A storefront booking announces itself once paid; older ones kept no time of it: their creation.
        createdAt: doc.storefront?.confirmedAt ?? doc.createdAt,
        cancelledAt: doc.status === 'Cancelled' ? doc.closedAt : null,
      }));
    },
  };
}
