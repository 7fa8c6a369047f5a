import type { Logger } from '@travel/logger';
import type { BookingRepository } from '../db/booking.repository';
import type { ClosureRepository } from '../db/closure.repository';
import type { IdempotencyKeys } from '../db/idempotency-key.repository';
import type { SweepMarks } from '../db/sweep-mark.repository';
import { todayOf } from '../domain/booking';

export interface SweeperDeps {
  bookings: BookingRepository;
  closures: ClosureRepository;
  keys: IdempotencyKeys;
  marks: SweepMarks;
  now: () => Date;
  logger: Logger;
}

const DAY_MS = 86_400_000;
const CHUNK = 500;

/**
 * One pass of the booking sweeper: forgets idempotency keys past their 48 hours, and completes bookings
 * whose travel date has passed (each as a `Completed` closure, an insert that loses to a cancel that got
 * there first). It reads only the days since its last pass, with one day of overlap.
 */
export function createSweeper(deps: SweeperDeps): () => Promise<void> {
  return async () => {
    const now = deps.now();
    const forgotten = await deps.keys.sweepExpired(now);
    const today = todayOf(now);
    const mark = await deps.marks.get('completed');
    const from = mark === null ? null : todayOf(new Date(Date.parse(mark) - DAY_MS));
    const ids = await deps.bookings.idsDatedBetween(from, today);
    let completed = 0;
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      const closed = await deps.closures.findFor(chunk);
      for (const id of chunk.filter((id) => !closed.has(id)))
        if (await deps.closures.close({ bookingId: id, status: 'Completed', at: now }, [])) completed++;
    }
    await deps.marks.set('completed', today);
    if (forgotten > 0 || completed > 0) deps.logger.info({ forgotten, completed }, 'booking sweep');
  };
}
