import { bookingEvents, searchLogged } from '@travel/contracts';
import {
  BOOKING_EVENTS_TOPIC,
  type ConsumerOptions,
  createEventConsumer,
  type EventConsumer,
  type EventEnvelope,
  type HandledEvents,
  PoisonEventError,
} from '@travel/events';
import type { Logger } from '@travel/logger';
import {
  dayOf,
  destinationOfRoute,
  isService,
  type SaleFact,
  type SearchFact,
  STOREFRONT,
} from '../domain/facts';
import { destinationOfSearch, validSearchOf } from '../domain/log-search';
import { SEARCH_LOGGED, SEARCH_LOGS_TOPIC } from './topics';

/** The topics the read models are built from; a rebuild replays exactly these. */
export const REPORT_TOPICS = [BOOKING_EVENTS_TOPIC, SEARCH_LOGS_TOPIC];

/**
 * Each fact's record is its own "handled" mark (its `_id` derives from the booking or the event), so the
 * consumer keeps no separate processed-id list: a redelivery is one refused insert, and a rebuild has
 * one collection fewer to empty.
 */
export const FACTS_ARE_THE_RECORD: HandledEvents = { has: async () => false, add: async () => undefined };

export interface ReportsConsumerOptions
  extends Omit<ConsumerOptions, 'topics' | 'handle' | 'handledEvents' | 'keyOrderAfterPark'> {
  recordSale(fact: SaleFact, logger: Logger): Promise<void>;
  recordSearch(fact: SearchFact, logger: Logger): Promise<void>;
}

/** Entry point for `booking.events` and `reports.search-logs`: decode, check, record once; bad events parked. */
export function createReportsConsumer(options: ReportsConsumerOptions): EventConsumer {
  const { recordSale, recordSearch, ...consumer } = options;
  return createEventConsumer({
    ...consumer,
    topics: REPORT_TOPICS,
    handledEvents: FACTS_ARE_THE_RECORD,
    // Each fact is counted on its own and summed when read: a parked sale holds nothing else back.
    keyOrderAfterPark: 'proceed',
    // Facts are independent: a batch's events are recorded at once, their inserts combined (db/).
    handleKeysAtOnce: true,
    async handle(event, topic, logger) {
      if (topic === SEARCH_LOGS_TOPIC && event.type === SEARCH_LOGGED)
        return recordSearch(decodeSearchFact(event), logger);
      if (
        topic === BOOKING_EVENTS_TOPIC &&
        (event.type === 'booking.created' || event.type === 'booking.cancelled')
      ) {
        const fact = decodeSaleFact(event);
        if (fact) return recordSale(fact, logger);
        return logger.debug('a test-mode booking; not a sale');
      }
      logger.debug('not a fact reports count; ignored');
    },
  });
}

/** The sale a live booking event is; null for test mode. Throws PoisonEventError when it can never count. */
export function decodeSaleFact(event: EventEnvelope): SaleFact | null {
  let booking: bookingEvents.BookingEvent;
  try {
    booking = bookingEvents.BookingEvent.decode(event.payload);
  } catch (error) {
    throw new PoisonEventError(`undecodable ${event.type} payload: ${(error as Error).message}`);
  }
  if (!event.livemode) return null;
  if (!booking.id || !isService(booking.type) || !Number.isSafeInteger(booking.amount) || !event.occurredAt)
    throw new PoisonEventError(`${event.type} ${event.id} lacks a booking id, known type, amount or time`);
  const kind = event.type === 'booking.created' ? 'booking' : 'cancellation';
  return {
    id: `${booking.id}:${kind}`,
    eventId: event.id,
    kind,
    day: dayOf(event.occurredAt),
    service: booking.type,
    // Storefront bookings belong to a customer and carry no tenant.
    tenantId: event.tenantId || STOREFRONT,
    amount: booking.amount,
    destination: destinationOfRoute(booking.type, booking.route),
    occurredAt: event.occurredAt,
  };
}

/** The search a `search.logged` event is; checked again, as a message on the topic may come from anywhere. */
export function decodeSearchFact(event: EventEnvelope): SearchFact {
  let search: searchLogged.SearchLogged;
  try {
    search = searchLogged.SearchLogged.decode(event.payload);
  } catch (error) {
    throw new PoisonEventError(`undecodable ${event.type} payload: ${(error as Error).message}`);
  }
  let valid: ReturnType<typeof validSearchOf>;
  try {
    valid = validSearchOf(search);
  } catch {
    throw new PoisonEventError(`${event.type} ${event.id} is not a valid search`);
  }
  if (!event.occurredAt) throw new PoisonEventError(`${event.type} ${event.id} has no time`);
  return {
    id: event.id,
    day: dayOf(event.occurredAt),
    service: valid.service,
    destination: destinationOfSearch(valid),
    occurredAt: event.occurredAt,
  };
}
