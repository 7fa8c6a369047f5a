import type { booking } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { newEventId } from '@travel/events';
import type { BookingRepository } from '../db/booking.repository';
import type { ClosureRepository } from '../db/closure.repository';
import { type BookingView, todayOf, withStatus } from './booking';
import { ownerOf } from './caller';

export interface CancelDeps {
  bookings: BookingRepository;
  closures: ClosureRepository;
  now: () => Date;
  /** Tells the outbox relay which booking's closure has something to publish. */
  eventsWritten: (source: 'closure', bookingId: string) => void;
}

/**
 * `POST /bookings/{id}/cancel`: only an `Upcoming` booking; the closure and its `booking.cancelled` are
 * one insert keyed by the booking id, so of two cancels (or a cancel and the completion sweeper) one
 * lands and the other answers `409` having changed nothing.
 */
export function createCancelBooking(deps: CancelDeps) {
  return async (request: booking.CancelBookingRequest): Promise<BookingView> => {
    const found = await deps.bookings.findOwned(request.id, ownerOf(request.caller));
    if (!found) throw new AppError('not_found', `No booking ${request.id}.`);
    const at = deps.now();
    const existing = await deps.closures.find(found.id);
    if (existing) throw notUpcoming(found.id, existing.status);
    if (found.date < todayOf(at)) {
      // Travelled already; the sweeper may not have come by yet. Record it as it is.
      await deps.closures.close({ bookingId: found.id, status: 'Completed', at }, []);
      throw notUpcoming(found.id, 'Completed');
    }
    const event = { id: newEventId(), type: 'booking.cancelled' as const, occurredAt: at };
    const closure = { bookingId: found.id, status: 'Cancelled' as const, at };
    if (!(await deps.closures.close(closure, [event]))) {
      const winner = await deps.closures.find(found.id);
      throw notUpcoming(found.id, winner?.status ?? 'Cancelled');
    }
    deps.eventsWritten('closure', found.id);
    return withStatus(found, closure);
  };
}

function notUpcoming(id: string, status: string): AppError {
  return new AppError('conflict', `Booking ${id} is ${status}; only an Upcoming booking can be cancelled.`);
}
