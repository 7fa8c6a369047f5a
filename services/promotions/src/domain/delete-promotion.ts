import type { AuditActor } from '@travel/audit';
import { AppError } from '@travel/errors';
import type { AllocationRepository } from '../db/allocation.repository';
import type { PromotionRepository } from '../db/promotion.repository';
import { promotionEntry } from './audit';
import { checkKind } from './promotion';

export interface DeletePromotionDeps {
  promotions: PromotionRepository;
  allocations: AllocationRepository;
  now: () => Date;
}

/**
 * Deletes the promotion, then its allocations. Redemptions stay with their bookings: a cancelled booking
 * still gives its redemption back (they are keyed by voucher id and booking, not by the voucher document).
 */
export function createDeletePromotion(deps: DeletePromotionDeps) {
  return async (request: { by: AuditActor; kind: string; id: string }): Promise<{ id: string }> => {
    const kind = checkKind(request.kind);
    const entry = promotionEntry(request.by, kind, 'deleted', request.id, {}, deps.now());
    if (!(await deps.promotions.delete(kind, request.id, entry)))
      throw new AppError('not_found', `No ${kind} ${request.id}.`);
    await deps.allocations.deleteOfPromotion(request.id);
    return { id: request.id };
  };
}
