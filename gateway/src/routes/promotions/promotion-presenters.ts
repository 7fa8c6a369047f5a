import type { promotions } from '@travel/contracts';
import type { z } from 'zod';
import { iso } from '../common/iso';
import { FIELDS, type PromotionKind } from './promotion-kinds';
import type { VoucherPreview } from './promotions.contract';

// Proto messages → the internal API's JSON shapes (internal.yaml). Absent optionals become null.

export const presentAllocation = (allocation: promotions.Allocation | undefined) => ({
  id: allocation?.id ?? '',
  tenantId: allocation?.tenantId ?? null,
  customerId: allocation?.customerId ?? null,
  createdAt: iso(allocation?.createdAt),
});

/** What anyone may see of a promotion: its terms, never to whom else it is allocated. */
export function presentPromotion(promotion: promotions.Promotion) {
  const kind = promotion.kind as PromotionKind;
  const fields = (promotion.fields ?? {}) as Record<string, unknown>;
  const shown: Record<string, unknown> = {};
  for (const name of FIELDS[kind] ?? []) {
    const value = fields[name];
    shown[name] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  if (kind === 'voucher') shown.redeemedCount = promotion.redeemedCount;
  return {
    id: promotion.id,
    ...shown,
    createdAt: iso(promotion.createdAt),
    updatedAt: iso(promotion.updatedAt),
  };
}

/** The platform's view: the terms and every allocation. */
export function presentAdminPromotion(promotion: promotions.Promotion | undefined) {
  if (!promotion) throw new Error('promotions answered no promotion');
  return { ...presentPromotion(promotion), allocations: promotion.allocations.map(presentAllocation) };
}

export const presentPreview = (
  preview: promotions.PreviewVoucherResponse,
): z.output<typeof VoucherPreview> => ({
  voucherId: preview.voucherId,
  code: preview.code,
  amount: preview.amount,
  discount: preview.discount,
  total: preview.total,
  currency: 'INR',
});
