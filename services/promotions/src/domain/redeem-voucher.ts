import { AppError, badRequest } from '@travel/errors';
import type { Logger } from '@travel/logger';
import type { Redemption, RedemptionRepository } from '../db/redemption.repository';
import { logChange } from './audit';
import type { createResolveVoucher, VoucherUse } from './resolve-voucher';

export interface RedeemVoucherDeps {
  resolve: ReturnType<typeof createResolveVoucher>;
  redemptions: RedemptionRepository;
  now: () => Date;
  /** How long a reservation waits for its booking to confirm it before the sweeper gives it back. */
  reservationTtlMs: number;
  logger: Logger;
}

/**
 * Reserves one redemption of the voucher for a booking. The total limit is a slot the unique `_id` gives
 * to one booking only; the holder's limit is a second slot taken after it, and losing that frees the first.
 * A crash between the two leaves a reservation the sweeper gives back when it expires. Asking again for
 * the same booking answers the redemption it holds.
 */
export function createRedeemVoucher(deps: RedeemVoucherDeps) {
  return async (use: VoucherUse & { bookingId: string }): Promise<Redemption> => {
    if (!use.bookingId) throw badRequest([{ path: 'bookingId', message: 'is required' }]);
    if (!use.holder) throw badRequest([{ path: 'holder', message: 'a tenant or customer redeems' }]);
    const { voucher, holderKey = '', discount } = await deps.resolve(use);
    const at = deps.now();
    const redemption = await deps.redemptions.claim(
      {
        voucherId: voucher.id,
        code: voucher.code ?? use.code,
        bookingId: use.bookingId,
        reservationKey: use.bookingId,
        holderKey,
        discount,
        status: 'reserved',
        expiresAt: new Date(at.getTime() + deps.reservationTtlMs),
        createdAt: at,
      },
      voucher.maxRedemptions,
    );
    if (!redemption) throw new AppError('conflict', 'The voucher has been fully redeemed.');
    const limit = voucher.maxRedemptionsPerHolder;
    if (
      limit !== undefined &&
      !(await deps.redemptions.claimHolderSlot(voucher.id, holderKey, use.bookingId, limit, at))
    ) {
      await deps.redemptions.release(redemption);
      throw new AppError('conflict', 'You have used this voucher as often as it allows.');
    }
    logChange(deps.logger, 'voucher.redeemed', holderKey, {
      voucher_id: voucher.id,
      booking_id: use.bookingId,
      discount: redemption.discount,
    });
    return redemption;
  };
}
