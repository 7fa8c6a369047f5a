import { AppError } from '@travel/errors';
import type { Logger } from '@travel/logger';
import type { AllocationRepository } from '../db/allocation.repository';
import type { PromotionRepository } from '../db/promotion.repository';
import { logChange } from './audit';
import { checkKind } from './promotion';

export interface DeletePromotionDeps {
  promotions: PromotionRepository;
  allocations: AllocationRepository;
  logger: Logger;
}

/**
 * Deletes the promotion, then its allocations. Redemptions stay with their bookings: a cancelled booking
 * still gives its redemption back (they are keyed by voucher id and booking, not by the voucher document).
 */
export function createDeletePromotion(deps: DeletePromotionDeps) {
  return async (request: { actorUserId: string; kind: string; id: string }): Promise<{ id: string }> => {
    const kind = checkKind(request.kind);
    if (!(await deps.promotions.delete(kind, request.id)))
      throw new AppError('not_found', `No ${kind} ${request.id}.`);
    await deps.allocations.deleteOfPromotion(request.id);
    logChange(deps.logger, 'promotion.deleted', request.actorUserId, { kind, promotion_id: request.id });
    return { id: request.id };
  };
}
