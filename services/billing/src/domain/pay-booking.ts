import type { wallet } from '@travel/contracts';
import { AppError, badRequest } from '@travel/errors';
import { newEventId } from '@travel/events';
import type { Logger } from '@travel/logger';
import type { StorefrontPayments } from '../db/storefront-payment.repository';
import type { WalletEntries } from '../db/wallet-entry.repository';
import type { BillingCrashHook } from './crash-points';
import type { MovePayment } from './move-payment';
import { toPaise } from './payment-provider';
import type { ChargingGateway, PaymentProviders } from './payment-providers';
import { bookingNumberOf, type ChargeRefusal, type StorefrontPayment } from './wallet';
import { giveBackWalletShare } from './wallet-share';

export interface PayBookingDeps {
  payments: StorefrontPayments;
  entries: WalletEntries;
  providers: PaymentProviders;
  movePayment: MovePayment;
  /** A card payment still unfinished this long after it was created is given up (`PAYMENT_EXPIRY_MS`). */
  paymentExpiryMs: number;
  now: () => Date;
  crash: BillingCrashHook;
  /** A payment or refund with an event was stored: the relay should look now. */
  eventsWritten: () => void;
  logger: Logger;
}

const BOOKING_ID = /^bkg_[0-9]{1,15}$/;

/**
 * Pays a storefront booking's total exactly once, whoever asks and however often (the booking service, its
 * retry after a crash, its settler). Three steps, each deciding its own race by a unique key:
 * 1. the wallet's share, when asked: one ledger entry under `booking:<id>`, of what the balance can give
 *    (0 included: the entry is the decision, so two racing payers of one booking take the same share);
 * 2. the rest, through the default gateway's provider with the idempotency key `pay:<id>`: a retry after a
 *    crash gets the same provider payment, never a second charge (docs/decisions/billing.md "Storefront card
 *    payments through a provider"). Without a usable gateway (none, or the simulator while it is off) the
 *    payment fails closed: recorded `failed` with its refusal before the wallet's share goes back, nothing
 *    charged (docs/payments.md);
 * 3. the payment, `_id` = the booking id: `captured` (with its `payment.captured`) when nothing is left to
 *    charge or the provider took it at once (the simulator), else `pending` with the client secret the
 *    storefront completes it with. The first payment stored is the answer to every later call, except that
 *    a pending one is read from its provider first (this is how the settler reconciles a webhook that never
 *    came).
 */
export function createPayBooking(deps: PayBookingDeps) {
  return async (request: wallet.PayBookingRequest): Promise<StorefrontPayment> => {
    checkRequest(request);
    const known = await deps.payments.find(request.bookingId, request.customerId);
    if (known) return known.status === 'failed' ? givenBack(known) : reconcile(known);
    const at = deps.now();
    const walletPaid = request.useWallet ? await takeWalletShare(request, at) : 0;
    deps.crash('after-wallet-debit');
    const charged = request.total - walletPaid;
    const payment =
      charged > 0
        ? await chargeOrRefuse(request, walletPaid, at)
        : paymentOf(request, { walletPaid, at, gateway: null, reference: null, status: 'captured' });
    deps.crash('after-provider-payment');
    const event =
      payment.status === 'captured'
        ? { id: newEventId(), type: 'payment.captured' as const, occurredAt: at }
        : null;
    if (await deps.payments.insert(payment, event)) {
      if (event) deps.eventsWritten();
      if (payment.failure) {
        deps.logger.warn(
          { bookingId: payment.bookingId, refusal: payment.failure },
          'card payment refused: no usable payment gateway; nothing charged',
        );
        return givenBack(payment);
      }
      deps.logger.info(
        { bookingId: payment.bookingId, total: payment.total, walletPaid, charged, status: payment.status },
        'storefront payment recorded',
      );
      return payment;
    }
    // Another call for this booking recorded it first, with the same wallet share (the ledger key decided it).
    // None for this customer: the booking id is another customer's payment (booking never hands it out).
    const first = await deps.payments.find(request.bookingId, request.customerId);
    if (!first) throw new AppError('not_found', `No payment of ${request.bookingId}.`);
    return first;
  };

  /** A failed payment with its wallet share back (the refusal's, or a provider's: either way once). */
  async function givenBack(payment: StorefrontPayment): Promise<StorefrontPayment> {
    await giveBackWalletShare(deps.entries, payment, deps.now(), 'card payment failed');
    return payment;
  }

  /** Through the default gateway, or refused (`failed`, nothing charged) when there is no usable one. */
  async function chargeOrRefuse(
    request: wallet.PayBookingRequest,
    walletPaid: number,
    at: Date,
  ): Promise<StorefrontPayment> {
    const chosen = await deps.providers.ofDefault();
    if (chosen.usable) return charge(request, walletPaid, chosen.gateway, at);
    return paymentOf(request, {
      walletPaid,
      at,
      gateway: null,
      reference: null,
      status: 'failed',
      failure: chosen.refusal,
    });
  }

  async function charge(
    request: wallet.PayBookingRequest,
    walletPaid: number,
    gateway: ChargingGateway,
    at: Date,
  ): Promise<StorefrontPayment> {
    const charged = request.total - walletPaid;
    const created = await gateway.provider.createPayment({
      amount: toPaise(charged),
      currency: 'inr',
      idempotencyKey: `pay:${request.bookingId}`,
      metadata: { bookingId: request.bookingId, customerId: request.customerId },
    });
    return paymentOf(request, {
      walletPaid,
      at,
      gateway,
      reference: created.reference,
      status: created.status === 'succeeded' ? 'captured' : 'pending',
      clientSecret: created.clientSecret,
    });
  }

  /**
   * A pending payment as its provider has it now; one the customer left unfinished past the expiry is
   * cancelled at the provider first (refused when it completed meanwhile: then it is read again).
   */
  async function reconcile(payment: StorefrontPayment): Promise<StorefrontPayment> {
    const reference = payment.gatewayReference;
    if (payment.status !== 'pending' || !reference) return payment;
    const provider = await deps.providers.ofPayment(payment);
    const now = await provider.readPayment(reference);
    const expired = deps.now().getTime() - payment.createdAt.getTime() >= deps.paymentExpiryMs;
    if (now.status !== 'requires_action' || !expired) return deps.movePayment(payment, now);
    const cancelled = await provider
      .cancelPayment(reference, `expire:${payment.bookingId}`)
      .catch(() => provider.readPayment(reference));
    deps.logger.info(
      { bookingId: payment.bookingId, status: cancelled.status },
      'unfinished card payment expired',
    );
    return deps.movePayment(payment, cancelled);
  }

  async function takeWalletShare(request: wallet.PayBookingRequest, at: Date): Promise<number> {
    const entry = await deps.entries.append(
      request.customerId,
      `booking:${request.bookingId}`,
      (balance) => ({
        type: 'debit',
        reason: 'booking_payment',
        amount: Math.min(balance, request.total),
        bookingId: request.bookingId,
        note: null,
      }),
      at,
    );
    return entry?.amount ?? 0;
  }
}

function paymentOf(
  request: wallet.PayBookingRequest,
  made: {
    walletPaid: number;
    at: Date;
    gateway: ChargingGateway | null;
    reference: string | null;
    status: 'captured' | 'pending' | 'failed';
    clientSecret?: string | null;
    failure?: ChargeRefusal;
  },
): StorefrontPayment {
  return {
    bookingId: request.bookingId,
    id: `pay_${bookingNumberOf(request.bookingId)}`,
    customerId: request.customerId,
    total: request.total,
    walletPaid: made.walletPaid,
    charged: request.total - made.walletPaid,
    gatewayId: made.gateway?.gatewayId ?? null,
    gatewayReference: made.reference,
    status: made.status,
    provider: made.gateway?.name ?? null,
    clientSecret: made.status === 'pending' ? (made.clientSecret ?? null) : null,
    failure: made.failure ?? null,
    createdAt: made.at,
    capturedAt: made.status === 'captured' ? made.at : null,
    refund: null,
  };
}

function checkRequest(request: wallet.PayBookingRequest): void {
  const problems = [];
  if (!BOOKING_ID.test(request.bookingId)) problems.push({ path: 'bookingId', message: 'must be bkg_<n>' });
  if (!request.customerId) problems.push({ path: 'customerId', message: 'is required' });
  if (!Number.isSafeInteger(request.total) || request.total < 0)
    problems.push({ path: 'total', message: 'must be whole rupees, at least 0' });
  if (problems.length > 0) throw badRequest(problems);
}
