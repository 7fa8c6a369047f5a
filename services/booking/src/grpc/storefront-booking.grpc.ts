import type { storefrontBooking } from '@travel/contracts';
import { type RequestContext, requireCallerOf, type ServiceImplementation } from '@travel/grpc';
import type { Booking } from '../domain/booking';
import type { createCancelStorefrontBooking } from '../domain/cancel-storefront-booking';
import type { createCreateStorefrontBooking } from '../domain/create-storefront-booking';
import type {
  createGetStorefrontBooking,
  createListStorefrontBookings,
} from '../domain/read-storefront-bookings';
import { customerIdOf } from './callers';

export interface StorefrontBookingUseCases {
  createBooking: ReturnType<typeof createCreateStorefrontBooking>;
  getBooking: ReturnType<typeof createGetStorefrontBooking>;
  listBookings: ReturnType<typeof createListStorefrontBookings>;
  cancelBooking: ReturnType<typeof createCancelStorefrontBooking>;
  /** Settles a storefront booking by id (the payment webhook's follow-up); null when there is none. */
  settleBooking: (bookingId: string, requestId: string) => Promise<Booking | null>;
}

/** Thin handlers: resolve the customer from the caller (fail closed), call one use case as them, encode. */
export function createStorefrontBookingGrpc(
  useCases: StorefrontBookingUseCases,
): ServiceImplementation<typeof storefrontBooking.StorefrontBookingServiceDefinition, RequestContext> {
  return {
    async createStorefrontBooking(request, context) {
      const result = await useCases.createBooking(request, customerIdOf(request.caller), context.requestId);
      return { booking: encode(result.booking, true), replayed: result.replayed };
    },
    async getStorefrontBooking(request) {
      return { booking: encode(await useCases.getBooking(request.id, customerIdOf(request.caller)), true) };
    },
    async listStorefrontBookings(request) {
      const page = await useCases.listBookings(request, customerIdOf(request.caller));
      return { bookings: page.bookings.map((row) => encode(row, false)), nextCursor: page.nextCursor };
    },
    async cancelStorefrontBooking(request, context) {
      const { value, replayed } = await useCases.cancelBooking(
        request,
        customerIdOf(request.caller),
        context.requestId,
      );
      return { booking: encode(value, true), replayed };
    },
    async settleStorefrontBooking(request, context) {
      // The gateway's payment webhook, as its own job, after billing verified and recorded the provider's word.
      requireCallerOf(request.caller, 'internal-job');
      const settled = await useCases.settleBooking(request.bookingId, context.requestId);
      return { status: settled?.status };
    },
  };
}

/** List elements leave out contact and travellers, as partner lists do. */
function encode(view: Booking, withPeople: boolean): storefrontBooking.StorefrontBooking {
  const part = view.storefront;
  if (!part) throw new Error(`booking ${view.id} is not a storefront booking`);
  const refund = part.refund && !part.refund.pending ? part.refund : undefined;
  return {
    id: view.id,
    pnr: view.pnr,
    type: view.type,
    route: view.route,
    date: view.date,
    status: view.status,
    amount: view.amount,
    discount: part.discount,
    walletPaid: part.walletPaid,
    charged: part.charged,
    currency: view.currency,
    createdAt: view.createdAt,
    contact: withPeople
      ? { name: view.contact.name, email: view.contact.email, phone: view.contact.phone ?? undefined }
      : undefined,
    travellers: withPeople ? view.travellers : [],
    paymentId: part.paymentId ?? '',
    refund: refund
      ? {
          id: refund.id,
          amount: refund.amount,
          status: refund.status,
          // Refunds before card refunds went wholly to the wallet.
          walletAmount: refund.walletAmount ?? refund.amount,
          cardAmount: refund.cardAmount ?? 0,
          cardStatus: refund.cardStatus ?? undefined,
        }
      : undefined,
    paymentStatus: part.payment?.status ?? (part.paymentId ? 'captured' : undefined),
    simulated: part.payment ? part.payment.simulated : part.charged > 0,
    paymentProvider: part.payment?.provider ?? (part.charged > 0 ? 'simulated' : undefined),
    clientSecret: part.payment?.status === 'pending' ? (part.payment.clientSecret ?? undefined) : undefined,
    supplySimulated: view.simulated,
    automaticDiscount: part.automaticDiscount ?? undefined,
    voucher: part.voucher ? { code: part.voucher.code, amount: part.voucher.amount } : undefined,
  };
}
