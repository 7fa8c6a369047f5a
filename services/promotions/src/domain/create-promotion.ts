import type { Logger } from '@travel/logger';
import type { Counters } from '@travel/mongo';
import type { PromotionRepository } from '../db/promotion.repository';
import { logChange } from './audit';
import { checkFields, checkKind, type Promotion, type PromotionFields, promotionIdOf } from './promotion';
import type { PromotionView, PromotionViews } from './promotion-views';

export interface CreatePromotionDeps {
  promotions: PromotionRepository;
  counters: Counters;
  views: PromotionViews;
  now: () => Date;
  logger: Logger;
}

export interface CreatePromotionRequest {
  actorUserId: string;
  kind: string;
  fields?: PromotionFields;
}

/** A new discount, offer or voucher; valid from now unless `validFrom` says otherwise. */
export function createCreatePromotion(deps: CreatePromotionDeps) {
  return async (request: CreatePromotionRequest): Promise<PromotionView> => {
    const kind = checkKind(request.kind);
    const at = deps.now();
    const fields: PromotionFields = {
      service: 'all',
      audience: kind === 'voucher' ? 'anyone' : 'b2c',
      active: true,
      validFrom: at,
      ...definedOf(request.fields ?? {}),
    };
    checkFields(kind, fields);
    const n = await deps.counters.next(`promotion.${kind}`);
    const promotion = {
      ...fields,
      id: promotionIdOf(kind, n),
      n,
      kind,
      createdAt: at,
      updatedAt: at,
    } as Promotion;
    await deps.promotions.insert(promotion);
    logChange(deps.logger, 'promotion.created', request.actorUserId, { kind, promotion_id: promotion.id });
    return deps.views.one(promotion);
  };
}

/** The fields the request gave (decoded protobuf leaves the others undefined). */
export function definedOf(fields: PromotionFields): PromotionFields {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
