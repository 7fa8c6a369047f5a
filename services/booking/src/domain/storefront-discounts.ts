import type { OfferClaims } from '@travel/offer-tokens';

/** The storefront's automatic discount a price got (docs/decisions.md "Promotions"). */
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

export interface StorefrontDiscounts {
  automatic: AutomaticDiscount | null;
  voucher: VoucherDiscount | null;
}

/** Promotions, as a storefront booking needs them; every call idempotent. */
export interface StorefrontPromotions {
  /** The storefront's best automatic discount on this price now; null when none applies. */
  bestDiscount(service: string, amount: number, requestId: string): Promise<AutomaticDiscount | null>;
  /**
   * Reserves one redemption of the code for the customer under `key` (asking again answers the same one):
   * `409` when none is left or the customer used their share, the preview's refusals otherwise.
   */
  redeem(
    request: { code: string; key: string; customerId: string; service: string; amount: number },
    requestId: string,
  ): Promise<Omit<VoucherDiscount, 'reservationKey'>>;
  /** The booking was confirmed: its redemption is kept and bound to the booking id; false when none was held. */
  confirm(bookingId: string, key: string, requestId: string): Promise<boolean>;
  /** The booking was not written: the redemption reserved under `key` is given back. */
  release(key: string, requestId: string): Promise<void>;
}

/** What the customer pays less: the automatic discount, then the voucher on the price after it. */
export function discountTotal(discounts: StorefrontDiscounts): number {
  return (discounts.automatic?.amount ?? 0) + (discounts.voucher?.amount ?? 0);
}

/**
 * The discounts of a storefront booking at its repriced amount: the automatic one (discounts do not
 * stack), then the voucher, if asked, redeemed under the attempt on what is left to pay.
 */
export function createStorefrontDiscounts(promotions: StorefrontPromotions) {
  return async (
    request: { offer: OfferClaims; amount: number; voucherCode: string | null; customerId: string },
    attempt: string,
    requestId: string,
  ): Promise<StorefrontDiscounts> => {
    const { offer, amount, voucherCode, customerId } = request;
    const automatic = await promotions.bestDiscount(offer.type, amount, requestId);
    if (!voucherCode) return { automatic, voucher: null };
    const redeemed = await promotions.redeem(
      {
        code: voucherCode,
        key: attempt,
        customerId,
        service: offer.type,
        amount: amount - (automatic?.amount ?? 0),
      },
      requestId,
    );
    return { automatic, voucher: { ...redeemed, reservationKey: attempt } };
  };
}

export type PriceStorefrontDiscounts = ReturnType<typeof createStorefrontDiscounts>;
