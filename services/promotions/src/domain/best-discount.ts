import type { AllocationRepository } from '../db/allocation.repository';
import type { PromotionRepository } from '../db/promotion.repository';
import { discountOf, isValidAt, type Promotion } from './promotion';

export interface BestDiscount {
  discount: number;
  promotion?: Promotion;
}

/** How many discounts of one audience are weighed at most (newest first); a platform runs a handful. */
const MAX_WEIGHED = 100;

/**
 * The automatic discount a price gets now: of the active discounts valid now for the storefront (or
 * allocated to the tenant), those for this service or `all` whose `minAmount` the amount reaches, the one
 * that takes the most off. Discounts do not stack.
 */
export function createBestDiscount(deps: {
  promotions: PromotionRepository;
  allocations: AllocationRepository;
  now: () => Date;
}) {
  return async (request: { service: string; amount: number; tenantId?: string }): Promise<BestDiscount> => {
    const filter =
      request.tenantId === undefined
        ? { audience: 'b2c' }
        : {
            audience: 'tenants',
            ids: await deps.allocations.promotionIdsOf(`tenant:${request.tenantId}`, 'discount'),
          };
    const found = await deps.promotions.page('discount', { limit: MAX_WEIGHED }, filter);
    const at = deps.now();
    let best: BestDiscount = { discount: 0 };
    for (const promotion of found) {
      if (!isValidAt(promotion, at)) continue;
      if (promotion.service !== 'all' && promotion.service !== request.service) continue;
      if (promotion.minAmount !== undefined && request.amount < promotion.minAmount) continue;
      const discount = discountOf(promotion, request.amount);
      if (discount > best.discount) best = { discount, promotion };
    }
    return best;
  };
}
