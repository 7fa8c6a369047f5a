import type { wallet } from '@travel/contracts';
import { type ServiceClient, withRequestMetadata } from '@travel/grpc';
import type { StorefrontMoney } from '../domain/settle-storefront-booking';

/** Billing's side of a storefront booking: its idempotent payment and refund (both keyed by the booking id). */
export function createStorefrontMoney(
  client: ServiceClient<typeof wallet.WalletServiceDefinition>,
): StorefrontMoney {
  return {
    async pay(request, requestId) {
      const { payment } = await client.payBooking(request, withRequestMetadata(requestId));
      if (!payment) throw new Error(`billing answered no payment for ${request.bookingId}`);
      return { paymentId: payment.id, walletPaid: payment.walletPaid, charged: payment.charged };
    },
    async refund(request, requestId) {
      const { refund } = await client.refundBooking(request, withRequestMetadata(requestId));
      if (!refund) throw new Error(`billing answered no refund for ${request.bookingId}`);
      return {
        id: refund.id,
        amount: refund.amount,
        status: refund.status as 'completed' | 'not_refundable',
      };
    },
  };
}
