import type { OfferClaims } from '@travel/offer-tokens';

/** The storefront's automatic discount a price got (docs/decisions/promotions.md "Promotions"). */
export interface AutomaticDiscount {
  /** `dsc_<n>`. */
  id: string;
  name: string;
  amount: number;
}

/** A voucher a booking redeemed: reserved under `reservationKey` (the idempotent attempt) until confirmed. */
export interface VoucherDiscount {
  code: string;
  voucherId: string;
  amount: number;
  reservationKey: string;
}

export interface BookingDiscounts {
  automatic: AutomaticDiscount | null;
  voucher: VoucherDiscount | null;
}

/** Who redeems a voucher (its per-holder limit and audience): a storefront customer or a tenant. */
export type VoucherHolder = { customerId: string } | { tenantId: string };

/** Promotions, as a booking needs them; every call idempotent. */
export interface BookingPromotions {
  /** The storefront's best automatic discount on this price now; null when none applies. */
  bestDiscount(service: string, amount: number, requestId: string): Promise<AutomaticDiscount | null>;
  /**
   * Reserves one redemption of the code for the holder under `key` (asking again answers the same one):
   * `409` when none is left or the holder used their share, `404` when the holder may not use it, the
   * preview's refusals otherwise.
   */
  redeem(
    request: { code: string; key: string; holder: VoucherHolder; service: string; amount: number },
    requestId: string,
  ): Promise<Omit<VoucherDiscount, 'reservationKey'>>;
  /** The booking was confirmed: its redemption is kept and bound to the booking id; false when none was held. */
  confirm(bookingId: string, key: string, requestId: string): Promise<boolean>;
  /** The booking was not written: the redemption reserved under `key` is given back. */
  release(key: string, requestId: string): Promise<void>;
}

/** What the booking's payer pays less: the automatic discount, then the voucher on the price after it. */
export function discountTotal(discounts: BookingDiscounts): number {
  return (discounts.automatic?.amount ?? 0) + (discounts.voucher?.amount ?? 0);
}

/** The voucher's redemption under the attempt, on what is left to pay. */
async function redeemUnder(
  promotions: BookingPromotions,
  request: { offer: OfferClaims; amount: number; code: string; holder: VoucherHolder },
  attempt: string,
  requestId: string,
): Promise<VoucherDiscount> {
  const { offer, amount, code, holder } = request;
  const redeemed = await promotions.redeem(
    { code, key: attempt, holder, service: offer.type, amount },
    requestId,
  );
  return { ...redeemed, reservationKey: attempt };
}

/**
 * The discounts of a storefront booking at its repriced amount: the automatic one (discounts do not
 * stack), then the voucher, if asked, redeemed under the attempt on what is left to pay.
 */
export function createStorefrontDiscounts(promotions: BookingPromotions) {
  return async (
    request: { offer: OfferClaims; amount: number; voucherCode: string | null; customerId: string },
    attempt: string,
    requestId: string,
  ): Promise<BookingDiscounts> => {
    const { offer, amount, voucherCode, customerId } = request;
    const automatic = await promotions.bestDiscount(offer.type, amount, requestId);
    if (!voucherCode) return { automatic, voucher: null };
    const left = amount - (automatic?.amount ?? 0);
    const voucher = await redeemUnder(
      promotions,
      { offer, amount: left, code: voucherCode, holder: { customerId } },
      attempt,
      requestId,
    );
    return { automatic, voucher };
  };
}

export type PriceStorefrontDiscounts = ReturnType<typeof createStorefrontDiscounts>;

/**
 * The voucher of a tenant's offline booking, the tenant as its holder (its allocations and per-tenant
 * limit), redeemed under the attempt on the tenant's price. Tenants' automatic discounts are not applied
 * to bookings (docs/decisions/promotions.md "Promotions").
 */
export function createTenantDiscounts(promotions: BookingPromotions) {
  return async (
    request: { offer: OfferClaims; amount: number; voucherCode: string; tenantId: string },
    attempt: string,
    requestId: string,
  ): Promise<BookingDiscounts> => {
    const { offer, amount, voucherCode, tenantId } = request;
    const voucher = await redeemUnder(
      promotions,
      { offer, amount, code: voucherCode, holder: { tenantId } },
      attempt,
      requestId,
    );
    return { automatic: null, voucher };
  };
}

export type PriceTenantDiscounts = ReturnType<typeof createTenantDiscounts>;
