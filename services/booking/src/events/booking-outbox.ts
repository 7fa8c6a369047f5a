import { bookingEvents } from '@travel/contracts';
import type { OutboxEntry, OutboxSource, OutgoingEvent } from '@travel/events';
import type { BookingRepository } from '../db/booking.repository';
import type { PendingEvent } from '../db/pending-event';
import type { Booking, BookingStatus } from '../domain/booking';

/** The bookings as the generic outbox relay reads and clears them (`createOutboxRelay` in @travel/events). */
export function createBookingOutbox(bookings: BookingRepository): OutboxSource {
  return {
    async withPending(limit) {
      return (await bookings.withPendingEvents(limit)).map(({ booking, events }) =>
        outboxEntryOf(booking, events),
      );
    },
    async clear(published) {
      await bookings.clearEvents(
        published.map(({ id }) => id),
        published.flatMap(({ events }) => events.map((event) => event.id)),
      );
    },
  };
}

/** A booking's pending events as the relay publishes them, in the order they happened. */
export function outboxEntryOf(booking: Booking, events: PendingEvent[]): OutboxEntry {
  return { id: booking.id, events: events.map((event) => toOutgoing(event, booking)) };
}

/** The status each event reports: the one it moved the booking to. */
const STATUS_OF: Record<PendingEvent['type'], BookingStatus> = {
  'booking.created': 'Upcoming',
  'booking.cancelled': 'Cancelled',
};

/**
 * The envelope of architecture.md, keyed by the booking id so that one booking's events stay in order. A
 * storefront booking's has no tenant and no client (its customer is in the payload), so no partner
 * consumer takes it for a tenant's. A tenant's offline booking with a voucher carries its discount.
 */
export function toOutgoing(event: PendingEvent, booking: Booking): OutgoingEvent {
  const payload = bookingEvents.BookingEvent.encode({
    id: booking.id,
    pnr: booking.pnr,
    type: booking.type,
    status: STATUS_OF[event.type],
    amount: booking.amount,
    currency: booking.currency,
    reference: booking.reference ?? undefined,
    route: booking.route,
    date: booking.date,
    ...(booking.storefront
      ? {
          customerId: booking.storefront.customerId,
          discount: booking.storefront.discount,
          walletPaid: booking.storefront.walletPaid,
          charged: booking.storefront.charged,
        }
      : {}),
    // A tenant's voucher: billing invoices `amount` − `discount`; promotions confirms by the reservation key.
    ...(booking.voucher
      ? { discount: booking.voucher.amount, voucherReservationKey: booking.voucher.reservationKey }
      : {}),
    hasVoucher: Boolean(booking.voucher ?? booking.storefront?.voucher),
    simulated: booking.simulated,
  }).finish();
  return {
    id: event.id,
    type: event.type,
    occurredAt: event.occurredAt,
    tenantId: booking.tenantId,
    clientId: booking.storefront ? '' : String(booking.clientId),
    livemode: booking.livemode,
    payload: Buffer.from(payload),
    key: booking.id,
    ...(event.traceparent ? { traceparent: event.traceparent } : {}),
  };
}
