import type { Logger } from '@travel/logger';
import type { StorefrontBookingRepository } from '../db/storefront-booking.repository';
import type { SettleStorefrontBooking } from '../domain/settle-storefront-booking';

export interface SettlerDeps {
  storefront: StorefrontBookingRepository;
  settle: SettleStorefrontBooking;
  now: () => Date;
  /** Only bookings older than this are taken (the request that made them, or its retry, usually finishes them). */
  graceMs: number;
  logger: Logger;
}

const BATCH = 50;

/**
 * One pass of the storefront settler: finishes bookings whose request died between writing the booking and
 * paying it (or between a cancel and its refund) and that nobody retried. Paying forward is always
 * possible (the wallet pays what it can, the gateway the rest), so a `Pending` booking is paid and
 * confirmed rather than dropped. Idempotent like every settle; a failure waits for the next pass.
 */
export function createSettler(deps: SettlerDeps): () => Promise<void> {
  return async () => {
    const owing = await deps.storefront.unsettled(new Date(deps.now().getTime() - deps.graceMs), BATCH);
    for (const booking of owing) {
      try {
        await deps.settle(booking, `settler_${booking.id}`);
        deps.logger.info({ bookingId: booking.id }, 'storefront booking settled by the settler');
      } catch (error) {
        deps.logger.warn({ err: error, bookingId: booking.id }, 'storefront booking not settled yet');
      }
    }
  };
}
