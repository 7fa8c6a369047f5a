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
 * that takes the most off. Discounts do not stack. Several prices of one service (a search page) are
 * weighed against one read of the discounts, one answer per amount in order.
 */
export function createBestDiscounts(deps: {
  promotions: PromotionRepository;
  allocations: AllocationRepository;
  now: () => Date;
}) {
  return async (request: {
    service: string;
    amounts: number[];
    tenantId?: string;
  }): Promise<BestDiscount[]> => {
    const filter =
      request.tenantId === undefined
        ? { audience: 'b2c' }
        : {
            audience: 'tenants',
            ids: await deps.allocations.promotionIdsOf(`tenant:${request.tenantId}`, 'discount'),
          };
    const found = await deps.promotions.page('discount', { limit: MAX_WEIGHED }, filter);
    const at = deps.now();
    const candidates = found.filter(
      (promotion) =>
        isValidAt(promotion, at) && (promotion.service === 'all' || promotion.service === request.service),
    );
    return request.amounts.map((amount) => bestOf(candidates, amount));
  };
}

/** One price's automatic discount (`BestDiscount`). */
export function createBestDiscount(deps: Parameters<typeof createBestDiscounts>[0]) {
  const bestDiscounts = createBestDiscounts(deps);
  return async (request: { service: string; amount: number; tenantId?: string }): Promise<BestDiscount> => {
    const [best] = await bestDiscounts({ ...request, amounts: [request.amount] });
    return best ?? { discount: 0 };
  };
}

function bestOf(candidates: Promotion[], amount: number): BestDiscount {
  let best: BestDiscount = { discount: 0 };
  for (const promotion of candidates) {
    if (promotion.minAmount !== undefined && amount < promotion.minAmount) continue;
    const discount = discountOf(promotion, amount);
    if (discount > best.discount) best = { discount, promotion };
  }
  return best;
}
