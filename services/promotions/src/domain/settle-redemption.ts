import type { Logger } from '@travel/logger';
import type { Redemption, RedemptionRepository } from '../db/redemption.repository';
import { logChange } from './audit';

/**
 * The booking was written: its reserved redemption is kept for good, and bound to the booking's id when it
 * was reserved under a key standing for it. Idempotent.
 */
export function createConfirmRedemption(deps: { redemptions: RedemptionRepository }) {
  return async (bookingId: string, reservationKey?: string): Promise<Redemption | null> =>
    deps.redemptions.confirm(bookingId, reservationKey);
}

/**
 * The booking failed or was cancelled: its redemption (reserved or confirmed) is freed once. The delete
 * is conditional on the redemption being there, so a second call, or a duplicated cancellation event,
 * frees nothing more.
 */
export function createReleaseRedemption(deps: { redemptions: RedemptionRepository; logger: Logger }) {
  return async (bookingId: string, reason: string): Promise<Redemption | null> => {
    const redemption = await deps.redemptions.findByBooking(bookingId);
    if (!redemption) return null;
    if (await deps.redemptions.release(redemption))
      logChange(deps.logger, 'voucher.released', redemption.holderKey, {
        voucher_id: redemption.voucherId,
        booking_id: bookingId,
        reason,
      });
    return { ...redemption, status: 'released' };
  };
}

/**
 * Reservations no booking confirmed in time (a booking that crashed between the redemption and its own
 * write) are given back: first marked `expiring`, so a late confirm cannot slip between, then freed.
 * A sweep that dies halfway finds its `expiring` redemptions again.
 */
export function createExpireReservations(deps: {
  redemptions: RedemptionRepository;
  now: () => Date;
  logger: Logger;
}) {
  return async (): Promise<number> => {
    const at = deps.now();
    let freed = 0;
    for (const redemption of await deps.redemptions.expired(at, 100)) {
      if (redemption.status === 'reserved' && !(await deps.redemptions.markExpiring(redemption, at)))
        continue;
      if (await deps.redemptions.release(redemption)) {
        freed += 1;
        logChange(deps.logger, 'voucher.expired', 'sweeper', {
          voucher_id: redemption.voucherId,
          booking_id: redemption.bookingId,
        });
      }
    }
    return freed;
  };
}
