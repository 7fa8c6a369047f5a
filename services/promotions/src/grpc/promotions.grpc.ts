import type { promotions } from '@travel/contracts';
import { badRequest } from '@travel/errors';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import { requireCallerOf } from '@travel/grpc';
import type { Redemption } from '../db/redemption.repository';
import type { createAllocate, createRemoveAllocation } from '../domain/allocate';
import type { Allocation } from '../domain/allocation';
import type { BestDiscount, createBestDiscount, createBestDiscounts } from '../domain/best-discount';
import type { createCreatePromotion } from '../domain/create-promotion';
import type { createDeletePromotion } from '../domain/delete-promotion';
import type { createPreviewVoucher } from '../domain/preview-voucher';
import type { PromotionPage, PromotionView } from '../domain/promotion-views';
import type {
  createListActivePromotions,
  createListCustomerVouchers,
  createListPromotions,
} from '../domain/read-promotions';
import type { createRedeemVoucher } from '../domain/redeem-voucher';
import type { createConfirmRedemption, createReleaseRedemption } from '../domain/settle-redemption';
import type { createUpdatePromotion } from '../domain/update-promotion';
import { editorOf, previewHolderOf, requireBooking, tenantOf } from './callers';

export interface PromotionsUseCases {
  createPromotion: ReturnType<typeof createCreatePromotion>;
  updatePromotion: ReturnType<typeof createUpdatePromotion>;
  deletePromotion: ReturnType<typeof createDeletePromotion>;
  listPromotions: ReturnType<typeof createListPromotions>;
  listActivePromotions: ReturnType<typeof createListActivePromotions>;
  listCustomerVouchers: ReturnType<typeof createListCustomerVouchers>;
  allocate: ReturnType<typeof createAllocate>;
  removeAllocation: ReturnType<typeof createRemoveAllocation>;
  previewVoucher: ReturnType<typeof createPreviewVoucher>;
  bestDiscount: ReturnType<typeof createBestDiscount>;
  bestDiscounts: ReturnType<typeof createBestDiscounts>;
  redeemVoucher: ReturnType<typeof createRedeemVoucher>;
  confirmRedemption: ReturnType<typeof createConfirmRedemption>;
  releaseRedemption: ReturnType<typeof createReleaseRedemption>;
}

/** Thin handlers: resolve the caller once (fail closed) where data is scoped, call one use case, encode. */
export function createPromotionsGrpc(
  useCases: PromotionsUseCases,
): ServiceImplementation<typeof promotions.PromotionsServiceDefinition, RequestContext> {
  const one = (view: PromotionView) => ({ promotion: encodePromotion(view) });
  const page = (result: PromotionPage) => ({
    promotions: result.views.map(encodePromotion),
    nextCursor: result.nextCursor,
  });
  const redemption = (found: Redemption | null) => ({
    redemption: found ? encodeRedemption(found) : undefined,
  });
  return {
    createPromotion: async (request) =>
      one(await useCases.createPromotion({ ...request, by: editorOf(request.caller, request.kind) })),
    updatePromotion: async (request) =>
      one(await useCases.updatePromotion({ ...request, by: editorOf(request.caller, request.kind) })),
    deletePromotion: async (request) =>
      useCases.deletePromotion({ ...request, by: editorOf(request.caller, request.kind) }),
    listPromotions: async (request) => {
      editorOf(request.caller, request.kind);
      return page(await useCases.listPromotions(request));
    },
    listActivePromotions: async (request) => {
      // No caller: the storefront's public (`b2c`) list; a caller: tenant staff's own tenant's (`mine`).
      const tenantId = request.caller ? tenantOf(request.caller) : undefined;
      return page(await useCases.listActivePromotions({ ...request, tenantId }));
    },
    listCustomerVouchers: async (request) => {
      const { customerId } = requireCallerOf(request.caller, 'customer');
      return page(await useCases.listCustomerVouchers({ ...request, customerId }));
    },
    allocate: async (request) => ({
      allocation: encodeAllocation(
        await useCases.allocate({ ...request, by: editorOf(request.caller, request.kind) }),
      ),
    }),
    removeAllocation: async (request) =>
      useCases.removeAllocation({ ...request, by: editorOf(request.caller, request.kind) }),
    previewVoucher: async (request) => {
      // Only the public preview goes without a caller; it sees `anyone` vouchers only.
      const holder = request.publicPreview ? undefined : previewHolderOf(request.caller);
      return useCases.previewVoucher({ ...request, holder });
    },
    bestDiscount: async (request) => encodeBest(await useCases.bestDiscount(request)),
    bestDiscounts: async (request) => {
      if (request.amounts.length > MAX_AMOUNTS)
        throw badRequest([{ path: 'amounts', message: `at most ${MAX_AMOUNTS}` }]);
      return { discounts: (await useCases.bestDiscounts(request)).map(encodeBest) };
    },
    redeemVoucher: async (request) => {
      requireBooking(request.caller);
      return { redemption: encodeRedemption(await useCases.redeemVoucher(request)) };
    },
    confirmRedemption: async ({ caller, bookingId, reservationKey }) => {
      requireBooking(caller);
      return redemption(await useCases.confirmRedemption(bookingId, reservationKey));
    },
    releaseRedemption: async ({ caller, bookingId }) => {
      requireBooking(caller);
      return redemption(await useCases.releaseRedemption(bookingId, 'booking failed or cancelled'));
    },
  };
}

const MAX_AMOUNTS = 500;

function encodeBest(best: BestDiscount): promotions.BestDiscountResponse {
  return { discountId: best.promotion?.id, name: best.promotion?.name, discount: best.discount };
}

function encodePromotion({ promotion, allocations, redeemedCount }: PromotionView): promotions.Promotion {
  const { id, kind, createdAt, updatedAt, n: _n, ...fields } = promotion;
  return {
    id,
    kind,
    fields,
    redeemedCount,
    allocations: allocations.map(encodeAllocation),
    createdAt,
    updatedAt,
  };
}

const encodeAllocation = ({ id, tenantId, customerId, createdAt }: Allocation): promotions.Allocation => ({
  id,
  tenantId,
  customerId,
  createdAt,
});

const encodeRedemption = ({ id, voucherId, code, bookingId, discount, status }: Redemption) => ({
  id,
  voucherId,
  code,
  bookingId,
  discount,
  status,
});
