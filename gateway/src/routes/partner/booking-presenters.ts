import type { booking } from '@travel/contracts';
import { formatCreatedAt } from './presenters';

// Booking messages → the partner API's Booking and BookingListItem (partner.yaml, decisions.md "Bookings").

/** The fields every read shows, list elements included. */
export function presentBookingListItem(reply: booking.Booking) {
  return {
    id: reply.id,
    pnr: reply.pnr,
    type: reply.type,
    route: reply.route,
    date: reply.date,
    status: reply.status,
    amount: reply.amount,
    currency: reply.currency,
    reference: reply.reference ?? null,
    livemode: reply.livemode,
    createdAt: formatCreatedAt(reply.createdAt),
  };
}

/** The create response, the single read and the cancel answer also show who travels and whom to contact. */
export function presentBooking(reply: booking.Booking | undefined) {
  if (!reply?.contact) throw new Error('the booking service answered no booking or one without contact');
  const { contact } = reply;
  return {
    ...presentBookingListItem(reply),
    contact: { name: contact.name, email: contact.email, phone: contact.phone ?? null },
    travellers: reply.travellers.map(({ firstName, lastName }) => ({ firstName, lastName })),
  };
}
