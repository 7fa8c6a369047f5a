import { bookingEvents } from '@travel/contracts';
import {
  BOOKING_EVENTS_TOPIC,
  type ConsumerOptions,
  createEventConsumer,
  type EventConsumer,
  PoisonEventError,
} from '@travel/events';
import type { Logger } from '@travel/logger';

/** One group for every promotions replica: each booking fact settles its redemption once. */
export const PROMOTIONS_CONSUMER_GROUP = 'promotions-bookings';

export interface BookingEventsConsumerOptions
  extends Omit<ConsumerOptions, 'topics' | 'handle' | 'keyOrderAfterPark'> {
  /**
   * `booking.created`: the booking was written, its reservation is kept (if the booking's own call was
   * lost), found by the key it was reserved under when the event names one.
   */
  confirm(bookingId: string, reservationKey: string | undefined, logger: Logger): Promise<unknown>;
  /** `booking.cancelled`: its redemption is given back. */
  release(bookingId: string, logger: Logger): Promise<unknown>;
}

/**
 * Entry point for `booking.events`: decode, check, settle; a booking without a voucher needs nothing. Settling
 * is idempotent on the booking (a confirmed redemption stays confirmed, a released one is gone), so a
 * redelivered event needs no record of handled ids; a payload without a booking id is parked.
 */
export function createBookingEventsConsumer(options: BookingEventsConsumerOptions): EventConsumer {
  const { confirm, release, ...consumer } = options;
  return createEventConsumer({
    ...consumer,
    topics: [BOOKING_EVENTS_TOPIC],
    // A release applied before its booking's confirmation would be undone by it (the voucher kept though
    // the booking is cancelled): later events of a booking wait behind a parked one.
    keyOrderAfterPark: 'block',
    async handle(event, _topic, logger) {
      if (event.type !== 'booking.created' && event.type !== 'booking.cancelled') return;
      const { id, voucherReservationKey, hasVoucher } = bookingOf(event.payload, event.type);
      // Most bookings redeem no voucher (every partner booking): nothing to settle, no store call.
      if (hasVoucher === false) return;
      if (event.type === 'booking.created') await confirm(id, voucherReservationKey || undefined, logger);
      else await release(id, logger);
    },
  });
}

function bookingOf(payload: Uint8Array, type: string): bookingEvents.BookingEvent {
  let booking: bookingEvents.BookingEvent;
  try {
    booking = bookingEvents.BookingEvent.decode(payload);
  } catch (error) {
    throw new PoisonEventError(`undecodable ${type} payload: ${(error as Error).message}`);
  }
  if (!booking.id) throw new PoisonEventError(`${type} without a booking id`);
  return booking;
}
