import type { AuditActor } from '@travel/audit';
import type { Counters } from '@travel/mongo';
import type { PromotionRepository } from '../db/promotion.repository';
import { promotionEntry } from './audit';
import { checkFields, checkKind, type Promotion, type PromotionFields, promotionIdOf } from './promotion';
import type { PromotionView, PromotionViews } from './promotion-views';

export interface CreatePromotionDeps {
  promotions: PromotionRepository;
  counters: Counters;
  views: PromotionViews;
  now: () => Date;
}

export interface CreatePromotionRequest {
  by: AuditActor;
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
    const entry = promotionEntry(request.by, kind, 'created', promotion.id, request.fields ?? {}, at);
    await deps.promotions.insert(promotion, entry);
    return deps.views.one(promotion);
  };
}

/** The fields the request gave (decoded protobuf leaves the others undefined). */
export function definedOf(fields: PromotionFields): PromotionFields {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
