import type { Logger } from '@travel/logger';
import type { BookingRepository } from '../db/booking.repository';
import { todayOf } from '../domain/booking';

export interface SweeperDeps {
  bookings: BookingRepository;
  now: () => Date;
  logger: Logger;
}

/**
 * One pass of the booking sweeper: completes the upcoming bookings whose travel date has passed, in one
 * conditional update (a booking a cancel closed first is no longer `Upcoming` and stays as it is). The
 * partial index of upcoming bookings by date means it reads only those. Expired idempotency keys are
 * deleted by the store (a TTL index), not here.
 */
export function createSweeper(deps: SweeperDeps): () => Promise<void> {
  return async () => {
    const now = deps.now();
    const completed = await deps.bookings.completePast(todayOf(now), now);
    if (completed > 0) deps.logger.info({ completed }, 'booking sweep');
  };
}
