import { AppError } from '@travel/errors';
import type { AllocationRepository } from '../db/allocation.repository';
import type { PromotionRepository } from '../db/promotion.repository';
import { type Holder, holderKeyOf } from './allocation';
import { checkApplicable, discountOf, type Promotion } from './promotion';

export interface VoucherUse {
  code: string;
  service: string;
  amount: number;
  /** Absent: the platform (any voucher) or, with `publicPreview`, the storefront before sign-in. */
  holder?: Holder;
  publicPreview?: boolean;
}

export interface ResolvedVoucher {
  voucher: Promotion;
  /** `tenant:<id>` or `customer:<id>`; absent for the platform and public previews. */
  holderKey?: string;
  discount: number;
}

/**
 * The one path from a code to a discount, shared by preview and redemption: the voucher exists for this
 * caller (its audience; otherwise `404`, as for a code that does not exist), then it applies now to this
 * service and amount (`409` with the reason), then the discount.
 */
export function createResolveVoucher(deps: {
  promotions: PromotionRepository;
  allocations: AllocationRepository;
  now: () => Date;
}) {
  return async (use: VoucherUse): Promise<ResolvedVoucher> => {
    const voucher = await deps.promotions.findVoucherByCode(use.code);
    const holderKey = use.holder ? holderKeyOf(use.holder) : undefined;
    if (!voucher || !(await mayUse(deps.allocations, voucher, holderKey, use.publicPreview === true)))
      throw new AppError('not_found', `No voucher with the code ${use.code}.`);
    checkApplicable(voucher, use.service, use.amount, deps.now());
    return { voucher, ...(holderKey ? { holderKey } : {}), discount: discountOf(voucher, use.amount) };
  };
}

async function mayUse(
  allocations: AllocationRepository,
  voucher: Promotion,
  holderKey: string | undefined,
  publicPreview: boolean,
): Promise<boolean> {
  if (voucher.audience === 'anyone') return true;
  if (holderKey === undefined) return !publicPreview;
  const wanted = voucher.audience === 'customers' ? 'customer:' : 'tenant:';
  return holderKey.startsWith(wanted) && allocations.exists(voucher.id, holderKey);
}
