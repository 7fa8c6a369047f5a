import type { storefrontBooking } from '@travel/contracts';
import { AppError } from '@travel/errors';
import type { OfferClaims, OfferTokenVerifier } from '@travel/offer-tokens';
import type { Booking, StorefrontPart } from './booking';
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
 * then paid through billing and confirmed before it is answered. A card payment billing refused for want of a
 * usable gateway left the booking `Cancelled` (wallet share and voucher given back): the answer, first or
 * replayed, is `payment_gateway_unavailable` (docs/payments.md).
 */
export function createCreateStorefrontBooking(deps: {
  idempotent: IdempotentBooking;
  verifier: OfferTokenVerifier;
  settle: SettleStorefrontBooking;
  discounts: PriceStorefrontDiscounts;
  promotions: Pick<BookingPromotions, 'release'>;
}) {
  return async (
    request: storefrontBooking.CreateStorefrontBookingRequest,
    customerId: string,
    requestId: string,
  ): Promise<CreateBookingResult> => {
    const input = readBookingRequest({ ...request, caller: undefined, reference: undefined });
    const voucherCode = request.voucherCode?.trim() || null;
    const result = await deps.idempotent(
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
    refuseUnpaid(result.booking);
    return result;
  };
}

/** A booking whose card payment was refused before any provider was asked: nothing was charged or confirmed. */
function refuseUnpaid(booking: Booking): void {
  const payment = booking.storefront?.payment;
  if (payment?.status !== 'failed' || !payment.failure) return;
  throw new AppError(
    'payment_gateway_unavailable',
    `No payment gateway can take card payments now (${payment.failure}); booking ${booking.id} was not made and nothing was charged.`,
    null,
    { bookingId: booking.id, reason: payment.failure },
  );
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
