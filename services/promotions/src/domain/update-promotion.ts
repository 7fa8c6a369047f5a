import type { AuditActor } from '@travel/audit';
import { AppError } from '@travel/errors';
import type { PromotionRepository } from '../db/promotion.repository';
import { promotionEntry } from './audit';
import { definedOf } from './create-promotion';
import { checkFields, checkKind, mergeFields, type Promotion, type PromotionFields } from './promotion';
import type { PromotionView, PromotionViews } from './promotion-views';

export interface UpdatePromotionDeps {
  promotions: PromotionRepository;
  views: PromotionViews;
  now: () => Date;
}

export interface UpdatePromotionRequest {
  by: AuditActor;
  kind: string;
  id: string;
  fields?: PromotionFields;
}

const LIMITS = ['maxRedemptions', 'maxRedemptionsPerHolder'] as const;

/** The given fields replace the stored ones, and the result must keep every rule of the kind. */
export function createUpdatePromotion(deps: UpdatePromotionDeps) {
  return async (request: UpdatePromotionRequest): Promise<PromotionView> => {
    const kind = checkKind(request.kind);
    const stored = await deps.promotions.findById(kind, request.id);
    if (!stored) throw new AppError('not_found', `No ${kind} ${request.id}.`);
    const change = definedOf(request.fields ?? {});
    const merged = mergeFields(stored, change);
    checkFields(kind, merged);
    if (kind === 'voucher') checkLimitsOnlyRise(stored, merged);
    const unset = (['percentBps', 'amount'] as const).filter((key) => merged[key] === undefined);
    const at = deps.now();
    const entry = promotionEntry(request.by, kind, 'updated', stored.id, change, at);
    const updated = await deps.promotions.update(kind, stored.id, change, unset, at, entry);
    if (!updated) throw new AppError('not_found', `No ${kind} ${request.id}.`);
    return deps.views.one(updated);
  };
}

/**
 * Redemption limits are slots (`<voucher>#0..N-1`): raising a limit adds slots, lowering one or switching
 * it on or off later would leave redemptions outside the count, so those are `409` (docs/decisions/promotions.md).
 */
function checkLimitsOnlyRise(stored: Promotion, merged: PromotionFields): void {
  for (const key of LIMITS) {
    const before = stored[key];
    const after = merged[key];
    if (before === after) continue;
    if (before === undefined || after === undefined || after < before)
      throw new AppError('conflict', `${key} can only be raised after the voucher is created.`);
  }
}
