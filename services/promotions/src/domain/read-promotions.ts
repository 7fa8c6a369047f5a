import { readPageQuery } from '@travel/paging';
import type { AllocationRepository } from '../db/allocation.repository';
import type { PromotionRepository } from '../db/promotion.repository';
import type { RedemptionRepository } from '../db/redemption.repository';
import { promotionCursors } from './cursor';
import { checkKind, isValidAt, type Promotion } from './promotion';
import type { PromotionPage, PromotionViews } from './promotion-views';

export interface ReadDeps {
  promotions: PromotionRepository;
  allocations: AllocationRepository;
  redemptions: RedemptionRepository;
  views: PromotionViews;
  now: () => Date;
}

interface PageRequest {
  limit: number;
  cursor?: string;
}

/** The page asked for: a bad `limit` or `cursor` is one `400` naming each. */
function pageOf(request: PageRequest): { limit: number; beforeN?: number } {
  const { limit, after } = readPageQuery(request, promotionCursors);
  return after === undefined ? { limit } : { limit, beforeN: after };
}

/** The platform's list of one kind, newest first. */
export function createListPromotions(deps: ReadDeps) {
  return async (request: PageRequest & { kind: string }): Promise<PromotionPage> => {
    const kind = checkKind(request.kind);
    const page = pageOf(request);
    const found = await deps.promotions.page(kind, { ...page, limit: page.limit + 1 });
    return deps.views.page(found, page.limit);
  };
}

/**
 * Discounts or offers valid now: allocated to a tenant (`mine`), or for the storefront (`b2c`). Validity is
 * checked on what the audience index finds, page by page, so a page may hold fewer than `limit`.
 */
export function createListActivePromotions(deps: ReadDeps) {
  return async (request: PageRequest & { kind: string; tenantId?: string }): Promise<PromotionPage> => {
    const kind = checkKind(request.kind);
    const page = pageOf(request);
    const filter =
      request.tenantId === undefined
        ? { audience: 'b2c' }
        : {
            audience: 'tenants',
            ids: await deps.allocations.promotionIdsOf(`tenant:${request.tenantId}`, kind),
          };
    const found = await deps.promotions.page(kind, { ...page, limit: page.limit + 1 }, filter);
    return validPage(deps, found, page.limit);
  };
}

/** The vouchers allocated to a customer that are valid now and that the customer can still redeem. */
export function createListCustomerVouchers(deps: ReadDeps) {
  return async (request: PageRequest & { customerId: string }): Promise<PromotionPage> => {
    const page = pageOf(request);
    const holderKey = `customer:${request.customerId}`;
    const ids = await deps.allocations.promotionIdsOf(holderKey, 'voucher');
    const found = await deps.promotions.page('voucher', { ...page, limit: page.limit + 1 }, { ids });
    const result = await validPage(deps, found, page.limit);
    const usable = await Promise.all(
      result.views.map(async (view) => {
        const { promotion, redeemedCount } = view;
        if (promotion.maxRedemptions !== undefined && redeemedCount >= promotion.maxRedemptions) return false;
        if (promotion.maxRedemptionsPerHolder === undefined) return true;
        const used = await deps.redemptions.countOfHolder(promotion.id, holderKey);
        return used < promotion.maxRedemptionsPerHolder;
      }),
    );
    return { ...result, views: result.views.filter((_, index) => usable[index]) };
  };
}

/** The page's cursor follows what was read; only what is valid now is shown. */
async function validPage(deps: ReadDeps, found: Promotion[], limit: number): Promise<PromotionPage> {
  const at = deps.now();
  const result = await deps.views.page(found, limit);
  return { ...result, views: result.views.filter((view) => isValidAt(view.promotion, at)) };
}
