import type { Logger } from '@travel/logger';
import { type EventsWritten, newPendingEvent } from '../db/pending-event';
import type { StorefrontBookingRepository } from '../db/storefront-booking.repository';
import type { Booking, StorefrontPaymentState } from './booking';
import type { BookingPromotions } from './booking-discounts';
import type { CrashHook } from './crash-points';

/** Billing, as a storefront booking needs it: both calls idempotent on the booking id. */
export interface StorefrontMoney {
  pay(
    request: { bookingId: string; customerId: string; total: number; useWallet: boolean },
    requestId: string,
  ): Promise<StorefrontPaymentAnswer>;
  refund(
    request: { bookingId: string; customerId: string; refundable: boolean },
    requestId: string,
  ): Promise<StorefrontRefundAnswer>;
}

export interface StorefrontPaymentAnswer {
  paymentId: string;
  walletPaid: number;
  charged: number;
  state: StorefrontPaymentState;
}

export interface StorefrontRefundAnswer {
  id: string;
  amount: number;
  status: 'completed' | 'not_refundable';
  walletAmount: number;
  cardAmount: number;
  cardStatus: 'pending' | 'succeeded' | 'failed' | null;
}

export interface SettleDeps {
  storefront: StorefrontBookingRepository;
  money: StorefrontMoney;
  promotions: Pick<BookingPromotions, 'confirm' | 'release'>;
  now: () => Date;
  crash: CrashHook;
  eventsWritten: EventsWritten;
  logger: Logger;
}

/**
 * Drives a storefront booking to where no money is owed (docs/decisions/bookings.md "Storefront search,
 * bookings and money"; docs/decisions/billing.md "Storefront card payments through a provider"): a `Pending` booking is paid through billing
 * (idempotent on the booking id: asking again answers the same payment, a pending card payment read from
 * its provider first). Captured: its voucher's redemption confirmed (idempotent; bound to the booking id),
 * then confirmed `Upcoming` with its `booking.created` by one conditional update. Pending (a card payment
 * the customer completes): recorded with its client secret, the booking stays `Pending` and unsettled, so
 * the webhook's settle or the settler finishes it. Failed: the redemption released (billing gave the
 * wallet share back) and the booking `Cancelled` without events (it was never created for anyone). A
 * cancelled booking with its refund pending gets billing's refund (idempotent likewise) recorded. Whoever
 * runs it (the request, its retry, the webhook, the settler job) and however often, the money moves once.
 */
export function createSettleStorefrontBooking(deps: SettleDeps) {
  async function payAndConfirm(booking: Booking, requestId: string): Promise<Booking> {
    const part = booking.storefront;
    if (!part || booking.status !== 'Pending') return booking;
    const payment = await deps.money.pay(
      {
        bookingId: booking.id,
        customerId: part.customerId,
        total: booking.amount - part.discount,
        useWallet: part.useWallet,
      },
      requestId,
    );
    deps.crash('after-payment');
    if (payment.state.status === 'pending')
      return (await deps.storefront.awaitPayment(booking.id, payment)) ?? booking;
    if (payment.state.status === 'failed') return failUnpaid(booking, payment, requestId);
    // Before the booking leaves `Pending`: a failure here is repeated by a retry or the settler.
    if (part.voucher && !(await deps.promotions.confirm(booking.id, part.voucher.reservationKey, requestId)))
      deps.logger.warn(
        { bookingId: booking.id, voucherId: part.voucher.voucherId },
        'voucher reservation gone (expired) before the booking confirmed it; booked at its discount',
      );
    const event = newPendingEvent('booking.created', deps.now());
    const confirmed = await deps.storefront.confirmPaid(booking.id, payment, event);
    if (confirmed) {
      deps.eventsWritten(confirmed.booking, confirmed.events);
      return confirmed.booking;
    }
    // Confirmed meanwhile by another runner, with the same payment.
    return (await deps.storefront.findById(booking.id)) ?? booking;
  }

  async function failUnpaid(
    booking: Booking,
    payment: StorefrontPaymentAnswer,
    requestId: string,
  ): Promise<Booking> {
    const voucher = booking.storefront?.voucher;
    // Before the booking leaves `Pending`, like a confirmation: a failure here is repeated by the next runner.
    if (voucher) await deps.promotions.release(voucher.reservationKey, requestId);
    const failed = await deps.storefront.failUnpaid(booking.id, payment.paymentId, payment.state, deps.now());
    if (failed)
      deps.logger.info({ bookingId: booking.id }, 'storefront booking cancelled: its card payment failed');
    return failed ?? (await deps.storefront.findById(booking.id)) ?? booking;
  }

  async function refund(booking: Booking, requestId: string): Promise<Booking> {
    const part = booking.storefront;
    if (!part?.refund?.pending) return booking;
    const refund = await deps.money.refund(
      { bookingId: booking.id, customerId: part.customerId, refundable: part.refund.refundable },
      requestId,
    );
    return (
      (await deps.storefront.settleRefund(booking.id, {
        pending: false,
        refundable: part.refund.refundable,
        ...refund,
      })) ?? booking
    );
  }

  return async (booking: Booking, requestId: string): Promise<Booking> =>
    refund(await payAndConfirm(booking, requestId), requestId);
}

export type SettleStorefrontBooking = ReturnType<typeof createSettleStorefrontBooking>;
