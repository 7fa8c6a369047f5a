import type { promotions } from '@travel/contracts';
import { jobCaller, type PeerClient } from '@travel/grpc';
import type { BookingPromotions } from '../domain/booking-discounts';

/**
 * Promotions' side of a booking: the storefront's automatic discount and a voucher's redemption, which
 * booking makes and settles as its own job for the holder it names (the customer or tenant it books for).
 */
const redeemer = jobCaller('booking.voucher-redemption');

export function createBookingPromotions(
  client: PeerClient<typeof promotions.PromotionsServiceDefinition>,
): BookingPromotions {
  return {
    async bestDiscount(service, amount, requestId) {
      const best = await client.bestDiscount({ service, amount }, { requestId });
      if (!best.discountId || best.discount <= 0) return null;
      return { id: best.discountId, name: best.name ?? '', amount: best.discount };
    },
    async redeem({ code, key, holder, service, amount }, requestId) {
      const { redemption } = await client.redeemVoucher(
        { caller: redeemer, code, bookingId: key, holder, service, amount },
        { requestId },
      );
      if (!redemption) throw new Error(`promotions answered no redemption of ${code}`);
      return { code: redemption.code, voucherId: redemption.voucherId, amount: redemption.discount };
    },
    async confirm(bookingId, key, requestId) {
      const { redemption } = await client.confirmRedemption(
        { caller: redeemer, bookingId, reservationKey: key },
        { requestId },
      );
      return redemption !== undefined;
    },
    async release(key, requestId) {
      await client.releaseRedemption({ caller: redeemer, bookingId: key }, { requestId });
    },
  };
}
