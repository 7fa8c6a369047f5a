import { AppError } from '@travel/errors';
import type { BookingRepository } from '../db/booking.repository';
import { type EventsWritten, newPendingEvent } from '../db/pending-event';
import { type Booking, type Owner, todayOf } from './booking';

export interface CancelDeps {
  bookings: BookingRepository;
  now: () => Date;
  eventsWritten: EventsWritten;
}

/**
 * `POST /bookings/{id}/cancel`: only an `Upcoming` booking not yet travelled. The status and its
 * `booking.cancelled` change in one conditional update (`status: 'Upcoming'` in the filter), so of two
 * cancels (or a cancel and the completion sweeper) one lands and the other answers `409` having changed
 * nothing. Only when it does not land is the booking read, to say why. The owner is a partner's client, or
 * a tenant's staff (client 0), and is part of the update's filter: another owner's booking is `not_found`.
 */
export function createCancelOwned(deps: CancelDeps) {
  return async (id: string, owner: Owner): Promise<Booking> => {
    const at = deps.now();
    const event = newPendingEvent('booking.cancelled', at);
    const cancelled = await deps.bookings.cancel(id, owner, todayOf(at), event);
    if (cancelled) {
      deps.eventsWritten(cancelled.booking, cancelled.events);
      return cancelled.booking;
    }
    const found = await deps.bookings.findOwned(id, owner);
    if (!found) throw new AppError('not_found', `No booking ${id}.`);
    if (found.status !== 'Upcoming') throw notUpcoming(found.id, found.status);
    // Travelled already; the sweeper may not have come by yet. Record it as it is.
    await deps.bookings.completePast(todayOf(at), at, found.id);
    throw notUpcoming(found.id, 'Completed');
  };
}

export function notUpcoming(id: string, status: string): AppError {
  return new AppError('conflict', `Booking ${id} is ${status}; only an Upcoming booking can be cancelled.`);
}
