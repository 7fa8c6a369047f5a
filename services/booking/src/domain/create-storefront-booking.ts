import type { storefrontBooking } from '@travel/contracts';
import type { OfferClaims, OfferTokenVerifier } from '@travel/offer-tokens';
import type { StorefrontPart } from './booking';
import {
  type BookingDiscounts,
  type BookingPromotions,
  discountTotal,
  type PriceStorefrontDiscounts,
} from './booking-discounts';
import { readBookingRequest } from './booking-request';
import type { CreateBookingResult, IdempotentBooking } from './create-booking';
import { checkStorefrontOffer } from './offer-check';
import type { SettleStorefrontBooking } from './settle-storefront-booking';

/** The storefront has no tenant and no client: its bookings carry these, and their customer. */
export const STOREFRONT_OWNER = { tenantId: '', clientId: 0, livemode: true } as const;

/**
 * A customer's `POST /api/bookings`: the same idempotent creation as a partner's (same rules, same crash
 * safety), keyed by the customer; a storefront token only; the platform default margin less the automatic
 * discount and the voucher (redeemed under the attempt before the booking is written); written `Pending`,
 * then paid through billing and confirmed before it is answered.
 */
export function createCreateStorefrontBooking(deps: {
  idempotent: IdempotentBooking;
  verifier: OfferTokenVerifier;
  settle: SettleStorefrontBooking;
  discounts: PriceStorefrontDiscounts;
  promotions: Pick<BookingPromotions, 'release'>;
}) {
  return (
    request: storefrontBooking.CreateStorefrontBookingRequest,
    customerId: string,
    requestId: string,
  ): Promise<CreateBookingResult> => {
    const input = readBookingRequest({ ...request, caller: undefined, reference: undefined });
    const voucherCode = request.voucherCode?.trim() || null;
    return deps.idempotent(
      {
        scope: `customer:${customerId}:${input.idempotencyKey}`,
        checkOffer: (token) => checkStorefrontOffer(deps.verifier, token),
        priceTenant: null,
        owner: STOREFRONT_OWNER,
        status: 'Pending',
        eventsAt: () => [],
        discounts: (offer, amount, attempt, requestId) =>
          deps.discounts({ offer, amount, voucherCode, customerId }, attempt, requestId),
        undoDiscounts: (attempt, requestId) => deps.promotions.release(attempt, requestId),
        storefront: (offer, discounts) =>
          unpaidStorefrontPart(offer, customerId, request.useWallet, discounts),
        settle: deps.settle,
      },
      input,
      requestId,
    );
  };
}

/** A storefront booking as written, before billing is asked to pay it (also staff's, create-offline-booking.ts). */
export function unpaidStorefrontPart(
  offer: OfferClaims,
  customerId: string,
  useWallet: boolean,
  discounts: BookingDiscounts | null = null,
): StorefrontPart {
  return {
    customerId,
    useWallet,
    discount: discounts ? discountTotal(discounts) : 0,
    automaticDiscount: discounts?.automatic ?? null,
    voucher: discounts?.voucher ?? null,
    walletPaid: 0,
    charged: 0,
    paymentId: null,
    refundableOffer: offer.type !== 'flight' || offer.offer.refundable === true,
    refund: null,
    unsettled: true,
  };
}
