import type { booking } from '@travel/contracts';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import type { CancellationQuote } from '../db/cancellation-quote.repository';
import type { Booking } from '../domain/booking';
import type { createCancelBooking } from '../domain/cancel-booking';
import type { createCreateBooking } from '../domain/create-booking';
import type { createQuoteCancellation } from '../domain/quote-cancellation';
import type { createGetBooking, createListBookings } from '../domain/read-bookings';
import { partnerOwnerOf, partnerSpenderOf } from './callers';

export interface BookingUseCases {
  createBooking: ReturnType<typeof createCreateBooking>;
  getBooking: ReturnType<typeof createGetBooking>;
  listBookings: ReturnType<typeof createListBookings>;
  cancelBooking: ReturnType<typeof createCancelBooking>;
  quoteCancellation: ReturnType<typeof createQuoteCancellation>;
  /** The verifying key ring, published (public keys only). */
  offerKeys: () => booking.OfferKey[];
}

/** Thin handlers: resolve the partner from the caller (fail closed), call one use case as it, encode. */
export function createBookingGrpc(
  useCases: BookingUseCases,
): ServiceImplementation<typeof booking.BookingServiceDefinition, RequestContext> {
  return {
    async createBooking(request, context) {
      const result = await useCases.createBooking(
        request,
        partnerOwnerOf(request.caller),
        partnerSpenderOf(request.caller),
        context.requestId,
      );
      return { booking: encodeBooking(result.booking, true), replayed: result.replayed };
    },
    async getBooking(request) {
      return {
        booking: encodeBooking(await useCases.getBooking(request.id, partnerOwnerOf(request.caller)), true),
      };
    },
    async listBookings(request) {
      const page = await useCases.listBookings(request, partnerOwnerOf(request.caller));
      return { bookings: page.bookings.map((row) => encodeBooking(row, false)), nextCursor: page.nextCursor };
    },
    async cancelBooking(request) {
      const { value, replayed } = await useCases.cancelBooking(request, partnerOwnerOf(request.caller));
      return { booking: encodeBooking(value, true), replayed };
    },
    async quoteCancellation(request) {
      const quote = await useCases.quoteCancellation(request.id, partnerOwnerOf(request.caller));
      return { quote: encodeQuote(quote) };
    },
    async listOfferKeys() {
      return { keys: useCases.offerKeys() };
    },
  };
}

/** List elements leave out contact and travellers (docs/decisions/bookings.md, "Lists"). */
export function encodeBooking(view: Booking, withPeople: boolean): booking.Booking {
  return {
    id: view.id,
    pnr: view.pnr,
    type: view.type,
    route: view.route,
    date: view.date,
    status: view.status,
    amount: view.amount,
    currency: view.currency,
    reference: view.reference ?? undefined,
    livemode: view.livemode,
    simulated: view.simulated,
    createdAt: view.createdAt,
    contact: withPeople
      ? { name: view.contact.name, email: view.contact.email, phone: view.contact.phone ?? undefined }
      : undefined,
    travellers: withPeople ? view.travellers : [],
  };
}

/** A cancellation quote on the wire, for the partner's quote and the staff's (admin-bookings.grpc.ts). */
export function encodeQuote(quote: CancellationQuote): booking.CancellationQuote {
  return {
    id: quote.id,
    bookingId: quote.bookingId,
    refundAmount: quote.refund.amount,
    penalty: quote.refund.penalty,
    currency: quote.refund.currency,
    rule: quote.refund.rule,
    expiresAt: quote.expiresAt,
  };
}
