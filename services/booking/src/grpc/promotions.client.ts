import type { promotions } from '@travel/contracts';
import { type ServiceClient, withRequestMetadata } from '@travel/grpc';
import type { StorefrontPromotions } from '../domain/storefront-discounts';

/** Promotions' side of a storefront booking: the automatic discount and the voucher's redemption. */
export function createStorefrontPromotions(
  client: ServiceClient<typeof promotions.PromotionsServiceDefinition>,
): StorefrontPromotions {
  return {
    async bestDiscount(service, amount, requestId) {
      const best = await client.bestDiscount({ service, amount }, withRequestMetadata(requestId));
      if (!best.discountId || best.discount <= 0) return null;
      return { id: best.discountId, name: best.name ?? '', amount: best.discount };
    },
    async redeem({ code, key, customerId, service, amount }, requestId) {
      const { redemption } = await client.redeemVoucher(
        { code, bookingId: key, holder: { customerId }, service, amount },
        withRequestMetadata(requestId),
      );
      if (!redemption) throw new Error(`promotions answered no redemption of ${code}`);
      return { code: redemption.code, voucherId: redemption.voucherId, amount: redemption.discount };
    },
    async confirm(bookingId, key, requestId) {
      const { redemption } = await client.confirmRedemption(
        { bookingId, reservationKey: key },
        withRequestMetadata(requestId),
      );
      return redemption !== undefined;
    },
    async release(key, requestId) {
      await client.releaseRedemption({ bookingId: key }, withRequestMetadata(requestId));
    },
  };
}
