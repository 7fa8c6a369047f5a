import { type AuditActor, auditEntry } from '@travel/audit';
import type { adminBooking } from '@travel/contracts';
import { AppError, badRequest, type FieldProblem } from '@travel/errors';
import type { Logger } from '@travel/logger';
import type { OfferTokenVerifier } from '@travel/offer-tokens';
import { newPendingEvent } from '../db/pending-event';
import type { Booking, Owner } from './booking';
import type { BookingPromotions, PriceTenantDiscounts } from './booking-discounts';
import { readBookingRequest } from './booking-request';
import type { CreateBookingResult, IdempotentBooking } from './create-booking';
import { STOREFRONT_OWNER, unpaidStorefrontPart } from './create-storefront-booking';
import { checkStorefrontOffer, checkTenantOffer } from './offer-check';
import type { SettleStorefrontBooking } from './settle-storefront-booking';

/** What a customer's wallet holds now, whole rupees (billing's GetWallet). */
export type WalletBalance = (customerId: string, requestId: string) => Promise<number>;

/** How staff may pay a customer's booking: from the customer's wallet (docs/decisions/bookings.md "Admin bookings"). */
const PAYMENTS = ['wallet'];

/** The idempotency scope of platform staff booking for customers (tenant ids are `ten_<n>`, never this). */
const PLATFORM_STAFF = 'staff:platform';

/**
 * `POST /api/admin/bookings`: staff book from an offer token through the same idempotent create as partner
 * and storefront bookings.
 * - For a tenant: a token bound to that tenant, live, priced for the tenant, owned by no API client
 *   (client 0): partners' keys do not list it and its events reach no partner webhook; billing invoices it
 *   to the tenant, less the discount of a voucher (`voucherCode`) the tenant redeemed as its holder before
 *   the booking was written, as a storefront booking does. The key is shared by the tenant's staff.
 * - For a storefront customer (`customerId`, platform staff): the customer's own storefront booking from a
 *   storefront token at the platform default price, written `Pending` and paid from the customer's wallet
 *   by the storefront's settle (billing, idempotent on the booking; the settler finishes a crash), checked
 *   first to cover the whole total (`409` otherwise, nothing booked). The key is the platform staff's.
 * Either booking is written with its audit entry (`booking.created_offline`), as the staff member made it.
 */
export function createCreateOfflineBooking(deps: {
  verifier: OfferTokenVerifier;
  idempotent: IdempotentBooking;
  settle: SettleStorefrontBooking;
  walletBalance: WalletBalance;
  tenantDiscounts: PriceTenantDiscounts;
  promotions: Pick<BookingPromotions, 'confirm' | 'release'>;
  logger: Logger;
}) {
  function forTenant(request: adminBooking.CreateOfflineBookingRequest, by: AuditActor, requestId: string) {
    const problems: FieldProblem[] = [];
    if (!request.tenantId) problems.push({ path: 'tenantId', message: 'is required' });
    if (request.payment !== undefined)
      problems.push({ path: 'payment', message: "is for a customer's booking (tenants are invoiced)" });
    if (problems.length > 0) throw badRequest(problems);
    const tenantId = request.tenantId;
    const owner: Owner = { tenantId, clientId: 0, livemode: true };
    const input = readBookingRequest({ ...request, caller: undefined });
    const voucherCode = request.voucherCode?.trim() || null;
    return deps.idempotent(
      {
        scope: `staff:${tenantId}:${input.idempotencyKey}`,
        checkOffer: (token) => checkTenantOffer(deps.verifier, token, owner),
        priceTenant: owner.tenantId,
        audited: (booking) =>
          created(by, booking, {
            tenantId,
            amount: booking.amount,
            ...(booking.voucher ? { voucherCode, discount: booking.voucher.amount } : {}),
          }),
        owner,
        status: 'Upcoming',
        eventsAt: (occurredAt) => [newPendingEvent('booking.created', occurredAt)],
        discounts: voucherCode
          ? (offer, amount, attempt, id) =>
              deps.tenantDiscounts({ offer, amount, voucherCode, tenantId }, attempt, id)
          : undefined,
        undoDiscounts: (attempt, id) => deps.promotions.release(attempt, id),
        settle: confirmVoucher,
      },
      input,
      requestId,
    );
  }

  /**
   * A tenant's booking is written `Upcoming` with its `booking.created`: its voucher's redemption is
   * confirmed here (after the write, and again on a replay: idempotent) and, should this call fail or the
   * process die first, by promotions on `booking.created`, which names the reservation key. So a failure
   * here is logged, never answered: the booking stands.
   */
  async function confirmVoucher(booked: Booking, requestId: string): Promise<Booking> {
    const voucher = booked.voucher;
    if (!voucher || booked.status !== 'Upcoming') return booked;
    try {
      if (!(await deps.promotions.confirm(booked.id, voucher.reservationKey, requestId)))
        deps.logger.warn(
          { bookingId: booked.id, voucherId: voucher.voucherId },
          'voucher reservation gone (expired) before the booking confirmed it; booked at its discount',
        );
    } catch (error) {
      deps.logger.warn(
        { bookingId: booked.id, voucherId: voucher.voucherId, err: error },
        "voucher confirmation failed; promotions confirms it on the booking's booking.created",
      );
    }
    return booked;
  }

  function forCustomer(
    request: adminBooking.CreateOfflineBookingRequest,
    customerId: string,
    by: AuditActor,
    requestId: string,
  ) {
    const bookedBy = by.userId ?? '';
    const problems: FieldProblem[] = [];
    if (!customerId) problems.push({ path: 'customerId', message: 'must not be empty' });
    if (request.voucherCode !== undefined)
      problems.push({ path: 'voucherCode', message: "is for a tenant's booking" });
    if (request.tenantId) problems.push({ path: 'tenantId', message: 'must be absent with customerId' });
    if (!PAYMENTS.includes(request.payment ?? ''))
      problems.push({ path: 'payment', message: `must be one of: ${PAYMENTS.join(', ')}` });
    if (problems.length > 0) throw badRequest(problems);
    const input = readBookingRequest({ ...request, caller: undefined });
    // The balance (billing) does not depend on the price (pricing): asked at once, compared when both are
    // known; a replay leaves it (and its failure) unread.
    const balance = deps.walletBalance(customerId, requestId);
    balance.catch(() => {});
    return deps.idempotent(
      {
        scope: `${PLATFORM_STAFF}:${input.idempotencyKey}`,
        checkOffer: (token) => checkStorefrontOffer(deps.verifier, token),
        priceTenant: null,
        owner: STOREFRONT_OWNER,
        status: 'Pending',
        eventsAt: () => [],
        audited: (booking) =>
          created(by, booking, { customerId, amount: booking.amount, payment: request.payment }),
        storefront: (offer) => ({
          ...unpaidStorefrontPart(offer, customerId, true),
          bookedBy,
        }),
        admit: async (amount) => {
          const held = await balance;
          if (held < amount)
            throw new AppError(
              'conflict',
              `The customer's wallet holds ${held} INR and the booking costs ${amount} INR; top it up first.`,
            );
        },
        settle: deps.settle,
      },
      input,
      requestId,
    );
  }

  return (
    request: adminBooking.CreateOfflineBookingRequest,
    by: AuditActor,
    requestId: string,
  ): Promise<CreateBookingResult> =>
    request.customerId === undefined
      ? forTenant(request, by, requestId)
      : forCustomer(request, request.customerId, by, requestId);
}

const created = (by: AuditActor, booking: Booking, details: Record<string, unknown>) =>
  auditEntry(
    by,
    { action: 'booking.created_offline', target: { type: 'booking', id: booking.id }, details },
    booking.createdAt,
  );
