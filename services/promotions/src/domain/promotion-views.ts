import { pageOfRows } from '@travel/paging';
import type { AllocationRepository } from '../db/allocation.repository';
import type { PromotionRepository } from '../db/promotion.repository';
import type { RedemptionRepository } from '../db/redemption.repository';
import type { Allocation } from './allocation';
import { promotionCursors } from './cursor';
import type { Promotion, PromotionKind } from './promotion';

export interface PromotionView {
  promotion: Promotion;
  allocations: Allocation[];
  /** Vouchers: redemptions held now. */
  redeemedCount: number;
}

export interface PromotionPage {
  views: PromotionView[];
  nextCursor?: string;
}

export interface ViewDeps {
  promotions: PromotionRepository;
  allocations: AllocationRepository;
  redemptions: RedemptionRepository;
}

/** Promotions as callers see them: with their allocations and, for vouchers, the redemptions held. */
export function createPromotionViews(deps: ViewDeps) {
  const viewsOf = async (promotions: Promotion[]): Promise<PromotionView[]> => {
    const allocations = await deps.allocations.ofPromotions(promotions.map((promotion) => promotion.id));
    return Promise.all(
      promotions.map(async (promotion) => ({
        promotion,
        allocations: allocations.filter((allocation) => allocation.promotionId === promotion.id),
        redeemedCount: promotion.kind === 'voucher' ? await deps.redemptions.countOf(promotion.id) : 0,
      })),
    );
  };
  return {
    viewsOf,
    async one(promotion: Promotion): Promise<PromotionView> {
      return (await viewsOf([promotion]))[0] as PromotionView;
    },
    /** A page of `limit` from `found` (which holds one more when there is a next page). */
    async page(found: Promotion[], limit: number): Promise<PromotionPage> {
      const { items, nextCursor } = pageOfRows(found, limit, (last) => promotionCursors.encode(last.n));
      return { views: await viewsOf(items), ...(nextCursor ? { nextCursor } : {}) };
    },
    async get(kind: PromotionKind, id: string): Promise<Promotion | null> {
      return deps.promotions.findById(kind, id);
    },
  };
}

export type PromotionViews = ReturnType<typeof createPromotionViews>;
