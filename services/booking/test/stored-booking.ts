import { uniqueName } from '@travel/testkit';
import type { NewBooking } from '../src/db/booking.repository';
import type { PendingEvent } from '../src/db/pending-event';

let last = 900_000_000 + Math.floor(Math.random() * 1_000_000) * 100;

/** A `booking.created` or `booking.cancelled` as the use cases write it. */
export function pendingEvent(type: PendingEvent['type']): PendingEvent {
  return { id: uniqueName('evt'), type, occurredAt: new Date() };
}

/** A live booking of client 1 (ten_a) as create-booking inserts it, with its created event pending. */
export function storedBooking(overrides: Partial<NewBooking> = {}): NewBooking {
  const number = ++last;
  return {
    id: `bkg_${number}`,
    number,
    pnr: uniqueName('P').slice(-6).toUpperCase(),
    tenantId: 'ten_a',
    clientId: 1,
    livemode: true,
    type: 'flight',
    route: 'DEL → BOM',
    date: '2099-01-01',
    amount: 5000,
    currency: 'INR',
    reference: null,
    contact: { name: 'Asha Rao', email: 'asha@example.com', phone: null },
    travellers: [],
    createdAt: new Date(),
    status: 'Upcoming',
    simulated: true,
    attempt: uniqueName('att'),
    offer: {},
    pendingEvents: [pendingEvent('booking.created')],
    ...overrides,
  };
}
