import { AppError } from '@travel/errors';
import type { RedemptionRepository } from '../db/redemption.repository';
import type { createResolveVoucher, VoucherUse } from './resolve-voucher';

export interface Preview {
  voucherId: string;
  code: string;
  amount: number;
  discount: number;
  total: number;
}

/** What the voucher would take off this amount now, without using it; a voucher used up is `409`. */
export function createPreviewVoucher(deps: {
  resolve: ReturnType<typeof createResolveVoucher>;
  redemptions: RedemptionRepository;
}) {
  return async (use: VoucherUse): Promise<Preview> => {
    const { voucher, holderKey, discount } = await deps.resolve(use);
    if (
      voucher.maxRedemptions !== undefined &&
      (await deps.redemptions.countOf(voucher.id)) >= voucher.maxRedemptions
    )
      throw new AppError('conflict', 'The voucher has been fully redeemed.');
    if (
      holderKey !== undefined &&
      voucher.maxRedemptionsPerHolder !== undefined &&
      (await deps.redemptions.countOfHolder(voucher.id, holderKey)) >= voucher.maxRedemptionsPerHolder
    )
      throw new AppError('conflict', 'You have used this voucher as often as it allows.');
    const code = voucher.code ?? use.code;
    return { voucherId: voucher.id, code, amount: use.amount, discount, total: use.amount - discount };
  };
}
