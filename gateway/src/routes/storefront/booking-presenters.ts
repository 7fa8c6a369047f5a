import type { storefrontBooking, wallet } from '@travel/contracts';
import { iso } from '../common/iso';

// Storefront messages → the internal API's shapes (internal.yaml): ISO timestamps, whole rupees.

/** What every read shows, list elements included: the money split and the refund once cancelled. */
export function presentStorefrontBookingListItem(reply: storefrontBooking.StorefrontBooking) {
  return {
    id: reply.id,
    pnr: reply.pnr,
    type: reply.type,
    route: reply.route,
    date: reply.date,
    status: reply.status,
    amount: reply.amount,
    discount: reply.discount,
    automaticDiscount: reply.automaticDiscount
      ? {
          id: reply.automaticDiscount.id,
          name: reply.automaticDiscount.name,
          amount: reply.automaticDiscount.amount,
        }
      : null,
    voucher: reply.voucher ? { code: reply.voucher.code, amount: reply.voucher.amount } : null,
    walletPaid: reply.walletPaid,
    charged: reply.charged,
    currency: reply.currency,
    paymentId: reply.paymentId,
    simulated: reply.supplySimulated,
    payment: {
      status: reply.paymentStatus ?? null,
      simulated: reply.simulated,
      provider: reply.paymentProvider ?? null,
      clientSecret: reply.clientSecret ?? null,
    },
    refund: reply.refund
      ? {
          id: reply.refund.id,
          amount: reply.refund.amount,
          status: reply.refund.status,
          walletAmount: reply.refund.walletAmount,
          cardAmount: reply.refund.cardAmount,
          cardStatus: reply.refund.cardStatus ?? null,
        }
      : null,
    createdAt: iso(reply.createdAt),
  };
}

/** The create answer, the single read and the cancel answer also show who travels and whom to contact. */
export function presentStorefrontBooking(reply: storefrontBooking.StorefrontBooking | undefined) {
  if (!reply?.contact) throw new Error('the booking service answered no booking or one without contact');
  const { contact } = reply;
  return {
    ...presentStorefrontBookingListItem(reply),
    contact: { name: contact.name, email: contact.email, phone: contact.phone ?? null },
    travellers: reply.travellers.map(({ firstName, lastName }) => ({ firstName, lastName })),
  };
}

export function presentRefund(refund: wallet.Refund) {
  return {
    id: refund.id,
    bookingId: refund.bookingId,
    amount: refund.amount,
    currency: 'INR',
    status: refund.status,
    walletAmount: refund.walletAmount,
    cardAmount: refund.cardAmount,
    cardStatus: refund.cardStatus ?? null,
    createdAt: iso(refund.createdAt),
  };
}
