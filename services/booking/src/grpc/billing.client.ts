import type { wallet } from '@travel/contracts';
import { jobCaller, type PeerClient } from '@travel/grpc';
import type { StorefrontPaymentState } from '../domain/booking';
import type { StorefrontMoney, StorefrontRefundAnswer } from '../domain/settle-storefront-booking';

/**
 * Billing's side of a storefront booking: its idempotent payment and refund (both keyed by the booking id).
 * Booking settles a booking it stored (at once, or later from its sweep after a crash), so it calls as its
 * own job, for the customer the booking belongs to.
 */
const settler = jobCaller('booking.settle-storefront-booking');

export function createStorefrontMoney(
  client: PeerClient<typeof wallet.WalletServiceDefinition>,
): StorefrontMoney {
  return {
    async pay(request, requestId) {
      const { payment } = await client.payBooking({ ...request, caller: settler }, { requestId });
      if (!payment) throw new Error(`billing answered no payment for ${request.bookingId}`);
      return {
        paymentId: payment.id,
        walletPaid: payment.walletPaid,
        charged: payment.charged,
        state: {
          // Billing before card payments answered no status: its payments were captured.
          status: (payment.status || 'captured') as StorefrontPaymentState['status'],
          simulated: payment.simulated,
          provider: (payment.provider ?? null) as StorefrontPaymentState['provider'],
          clientSecret: payment.clientSecret ?? null,
          failure: payment.failure ?? null,
        },
      };
    },
    async refund(request, requestId) {
      const { refund } = await client.refundBooking({ ...request, caller: settler }, { requestId });
      if (!refund) throw new Error(`billing answered no refund for ${request.bookingId}`);
      return {
        id: refund.id,
        amount: refund.amount,
        status: refund.status as 'completed' | 'not_refundable',
        walletAmount: refund.walletAmount,
        cardAmount: refund.cardAmount,
        cardStatus: (refund.cardStatus ?? null) as StorefrontRefundAnswer['cardStatus'],
      };
    },
  };
}
