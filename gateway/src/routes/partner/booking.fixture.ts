import type { booking } from '@travel/contracts';

/** A booking as the booking service answers it, for the gateway's unit tests. */
export function bookingReply(overrides: Partial<booking.Booking> = {}): booking.Booking {
  return {
    id: 'bkg_42',
    pnr: 'K7Q2ZP',
    type: 'flight',
    route: 'DEL → BOM',
    date: '2026-12-10',
    status: 'Upcoming',
    amount: 5890,
    currency: 'INR',
    reference: undefined,
    livemode: true,
    simulated: true,
    createdAt: new Date('2026-11-21T04:05:06.789Z'),
    contact: { name: 'Asha Rao', email: 'asha@example.com', phone: undefined },
    travellers: [{ firstName: 'Asha', lastName: 'Rao' }],
    ...overrides,
  };
}
