import { bookingEvents } from '@travel/contracts';
import {
  BOOKING_EVENTS_TOPIC,
  type ConsumerOptions,
  createEventConsumer,
  type EventConsumer,
  type EventEnvelope,
  PoisonEventError,
} from '@travel/events';
import type { Logger } from '@travel/logger';
import type { BookingFact } from '../domain/record-booking-event';

/** One group for every billing replica: each event becomes lines once. */
export const BILLING_CONSUMER_GROUP = 'billing-bookings';

export interface BookingEventsConsumerOptions
  extends Omit<ConsumerOptions, 'topics' | 'handle' | 'keyOrderAfterPark'> {
  recordBookingEvent(fact: BookingFact, logger: Logger): Promise<void>;
}

/** Entry point for `booking.events`: decode, check, record (idempotent on the booking); bad events are parked. */
export function createBookingEventsConsumer(options: BookingEventsConsumerOptions): EventConsumer {
  const { recordBookingEvent, ...consumer } = options;
  return createEventConsumer({
    ...consumer,
    topics: [BOOKING_EVENTS_TOPIC],
    // A booking's cancellation reverses its line: it must not be recorded while its creation is parked, so
    // later events of a booking wait behind a parked one (docs/decisions/events.md, "Per-key order after a park").
    keyOrderAfterPark: 'block',
    // A booking's events in order, different bookings at once: their lines go in one insert (db/).
    handleKeysAtOnce: true,
    async handle(event, _topic, logger) {
      if (event.type !== 'booking.created' && event.type !== 'booking.cancelled') {
        logger.debug('not a booking fact billing records; ignored');
        return;
      }
      const fact = decodeBookingFact(event);
      // A storefront booking is a customer's, paid when it was made: it is on no tenant's invoice.
      if (fact === 'storefront') return logger.debug('storefront booking; not invoiced');
      await recordBookingEvent(fact, logger);
    },
  });
}

/**
 * The fact billing needs, or `storefront` for a customer's booking (no tenant, never invoiced); throws
 * PoisonEventError when the event can never make a line.
 */
export function decodeBookingFact(event: EventEnvelope): BookingFact | 'storefront' {
  let booking: bookingEvents.BookingEvent;
  try {
    booking = bookingEvents.BookingEvent.decode(event.payload);
  } catch (error) {
    throw new PoisonEventError(`undecodable ${event.type} payload: ${(error as Error).message}`);
  }
  if (booking.customerId) return 'storefront';
  const type = event.type as BookingFact['type'];
  if (!booking.id || !event.tenantId || !Number.isSafeInteger(booking.amount) || !event.occurredAt)
    throw new PoisonEventError(`${type} ${event.id} lacks a booking id, tenant, amount or time`);
  const { id, pnr, route, date, amount, discount = 0, simulated = true } = booking;
  if (!Number.isSafeInteger(discount) || discount < 0 || discount > amount)
    throw new PoisonEventError(`${type} ${event.id} has a discount outside 0..amount`);
  return {
    eventId: event.id,
    type,
    tenantId: event.tenantId,
    livemode: event.livemode,
    occurredAt: event.occurredAt,
    // What the tenant owes: a voucher's discount (a tenant's offline booking) is not invoiced. An event without
    // `simulated` was published before the mark, when every booking was simulated.
    booking: { id, pnr, route, date, amount: amount - discount, simulated },
  };
}
