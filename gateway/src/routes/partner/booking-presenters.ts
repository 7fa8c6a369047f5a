import type { booking } from '@travel/contracts';
import type { z } from 'zod';
import { formatCreatedAt } from '../common/offer-presenters';
import type { Booking, BookingListItem } from '../common/partner-contract/components';

type ListItem = z.output<typeof BookingListItem>;

// Booking messages → the partner API's Booking and BookingListItem (gateway/openapi/partner.yaml; docs/decisions/bookings.md, "Bookings").

/** The fields every read shows, list elements included. */
export function presentBookingListItem(reply: booking.Booking): ListItem {
  return {
    id: reply.id,
    pnr: reply.pnr,
    // The booking service's closed sets (its domain types); a partner never sees a `Pending` booking.
    type: reply.type as ListItem['type'],
    route: reply.route,
    date: reply.date,
    status: reply.status as ListItem['status'],
    amount: reply.amount,
    currency: reply.currency as ListItem['currency'],
    reference: reply.reference ?? null,
    livemode: reply.livemode,
    simulated: reply.simulated,
    createdAt: formatCreatedAt(reply.createdAt),
  };
}

/** The create response, the single read and the cancel answer also show who travels and whom to contact. */
export function presentBooking(reply: booking.Booking | undefined): z.output<typeof Booking> {
  if (!reply?.contact) throw new Error('the booking service answered no booking or one without contact');
  const { contact } = reply;
  return {
    ...presentBookingListItem(reply),
    contact: { name: contact.name, email: contact.email, phone: contact.phone ?? null },
    travellers: reply.travellers.map(({ firstName, lastName }) => ({ firstName, lastName })),
  };
}
