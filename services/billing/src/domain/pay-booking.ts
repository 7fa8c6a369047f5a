import { randomBytes } from 'node:crypto';
import type { wallet } from '@travel/contracts';
import { AppError, badRequest } from '@travel/errors';
import { newEventId } from '@travel/events';
import type { Logger } from '@travel/logger';
import type { PaymentGatewayRepository } from '../db/payment-gateway.repository';
import type { StorefrontPayments } from '../db/storefront-payment.repository';
import type { WalletEntries } from '../db/wallet-entry.repository';
import type { BillingCrashHook } from './crash-points';
import { bookingNumberOf, type StorefrontPayment } from './wallet';

export interface PayBookingDeps {
  payments: StorefrontPayments;
  entries: WalletEntries;
  gateways: PaymentGatewayRepository;
  now: () => Date;
  crash: BillingCrashHook;
  /** A payment or refund with an event was stored: the relay should look now. */
  eventsWritten: () => void;
  logger: Logger;
}

const BOOKING_ID = /^bkg_[0-9]{1,15}$/;

/**
 * Pays a storefront booking's total exactly once, whoever asks and however often (the booking service, its
 * retry after a crash, its settler). Two writes, each deciding its own race by a unique key:
 * 1. the wallet's share, when asked: one ledger entry under `booking:<id>`, of what the balance can give
 *    (0 included: the entry is the decision, so two racing payers of one booking take the same share);
 * 2. the payment, `_id` = the booking id, with the rest charged through the default gateway and its
 *    `payment.captured`. A crash between them leaves the debit; the retry finds it by its key and records
 *    the same payment. The first payment stored is the answer to every later call.
 */
export function createPayBooking(deps: PayBookingDeps) {
  return async (request: wallet.PayBookingRequest): Promise<StorefrontPayment> => {
    checkRequest(request);
    const known = await deps.payments.find(request.bookingId, request.customerId);
    if (known) return known;
    const at = deps.now();
    const walletPaid = request.useWallet ? await takeWalletShare(request, at) : 0;
    deps.crash('after-wallet-debit');
    const charged = request.total - walletPaid;
    const gatewayId = await defaultGateway(deps.gateways);
    const payment: StorefrontPayment = {
      bookingId: request.bookingId,
      id: `pay_${bookingNumberOf(request.bookingId)}`,
      customerId: request.customerId,
      total: request.total,
      walletPaid,
      charged,
      gatewayId: charged > 0 ? gatewayId : null,
      // Simulated gateway (decisions.md): no outside call, a reference of the charge as a provider gives one.
      gatewayReference: charged > 0 ? `sim_${randomBytes(9).toString('base64url')}` : null,
      capturedAt: at,
      refund: null,
    };
    const event = { id: newEventId(), type: 'payment.captured' as const, occurredAt: at };
    if (await deps.payments.insert(payment, event)) {
      deps.eventsWritten();
      deps.logger.info(
        { bookingId: payment.bookingId, total: payment.total, walletPaid, charged },
        'storefront payment captured',
      );
      return payment;
    }
    // Another call for this booking recorded it first, with the same wallet share (the ledger key decided it).
    // None for this customer: the booking id is another customer's payment (booking never hands it out).
    const first = await deps.payments.find(request.bookingId, request.customerId);
    if (!first) throw new AppError('not_found', `No payment of ${request.bookingId}.`);
    return first;
  };

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

/** The default gateway's id, or null: no default (or one deleted meanwhile) charges through the built-in simulator. */
async function defaultGateway(gateways: PaymentGatewayRepository): Promise<string | null> {
  const id = await gateways.defaultId();
  if (!id) return null;
  return (await gateways.find(id)) ? id : null;
}

function checkRequest(request: wallet.PayBookingRequest): void {
  const problems = [];
  if (!BOOKING_ID.test(request.bookingId)) problems.push({ path: 'bookingId', message: 'must be bkg_<n>' });
  if (!request.customerId) problems.push({ path: 'customerId', message: 'is required' });
  if (!Number.isSafeInteger(request.total) || request.total < 0)
    problems.push({ path: 'total', message: 'must be whole rupees, at least 0' });
  if (problems.length > 0) throw badRequest(problems);
}
