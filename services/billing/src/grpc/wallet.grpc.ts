import { auditActorOf } from '@travel/audit';
import type { caller as callerContract, wallet } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { type RequestContext, requireCallerOf, requireRight, type ServiceImplementation } from '@travel/grpc';
import type { createPayBooking } from '../domain/pay-booking';
import type { createGetWallet, createListRefunds } from '../domain/read-wallet';
import type { createReceivePaymentWebhook } from '../domain/receive-payment-webhook';
import type { createRefundBooking } from '../domain/refund-booking';
import type { createTopUpWallet } from '../domain/top-up-wallet';
import { isSimulated, type Refund, type StorefrontPayment, type WalletEntry } from '../domain/wallet';

export interface WalletUseCases {
  payBooking: ReturnType<typeof createPayBooking>;
  refundBooking: ReturnType<typeof createRefundBooking>;
  getWallet: ReturnType<typeof createGetWallet>;
  listRefunds: ReturnType<typeof createListRefunds>;
  topUpWallet: ReturnType<typeof createTopUpWallet>;
  receivePaymentWebhook: ReturnType<typeof createReceivePaymentWebhook>;
}

/** Storefront customers are the platform's: its customer-support right (the gateway's `CUSTOMER_SUPPORT_RIGHT`). */
const SUPPORT_RIGHT = 'bookings';

/**
 * The wallet a call may touch, resolved from its caller (fail closed): a customer only its own (another's
 * is `not_found`, like none), platform staff with the support right any, booking's jobs any.
 */
export function walletOwnerOf(wire: callerContract.Caller | undefined, customerId: string): string {
  const caller = requireCallerOf(wire, 'customer', 'platform-staff', 'internal-job');
  if (caller.kind === 'customer') {
    if (customerId && customerId !== caller.customerId)
      throw new AppError('not_found', `No wallet of ${customerId}.`);
    return caller.customerId;
  }
  if (caller.kind === 'internal-job') return customerId;
  requireRight(caller, SUPPORT_RIGHT);
  return customerId;
}

/** Thin handlers: resolve the caller to the wallet it may touch, call one use case, encode. */
export function createWalletGrpc(
  useCases: WalletUseCases,
): ServiceImplementation<typeof wallet.WalletServiceDefinition, RequestContext> {
  return {
    async payBooking(request) {
      const customerId = walletOwnerOf(request.caller, request.customerId);
      return { payment: encodePayment(await useCases.payBooking({ ...request, customerId })) };
    },
    async refundBooking(request) {
      const customerId = walletOwnerOf(request.caller, request.customerId);
      return { refund: encodeRefund(await useCases.refundBooking({ ...request, customerId })) };
    },
    async getWallet(request) {
      const customerId = walletOwnerOf(request.caller, request.customerId);
      const result = await useCases.getWallet({ ...request, customerId });
      return {
        balance: result.balance,
        currency: 'INR',
        entries: result.entries.map(encodeEntry),
        nextCursor: result.nextCursor,
      };
    },
    async listRefunds(request) {
      const customerId = walletOwnerOf(request.caller, request.customerId);
      const result = await useCases.listRefunds({ ...request, customerId });
      return { refunds: result.refunds.map(encodeRefund), nextCursor: result.nextCursor };
    },
    async topUpWallet(request) {
      // A credit is staff's alone (support, tests), never a customer's own.
      const staff = requireCallerOf(request.caller, 'platform-staff');
      requireRight(staff, SUPPORT_RIGHT);
      const { value, replayed } = await useCases.topUpWallet(request, auditActorOf(staff));
      return { entry: encodeEntry(value.entry), balance: value.balance, replayed };
    },
    async receivePaymentWebhook(request) {
      // The gateway's public webhook route calls as its own job; the signature is what authenticates the provider.
      requireCallerOf(request.caller, 'internal-job');
      const outcome = await useCases.receivePaymentWebhook(request);
      return {
        eventId: outcome.eventId,
        bookingId: outcome.bookingId ?? undefined,
        paymentStatus: outcome.paymentStatus ?? undefined,
      };
    },
  };
}

function encodePayment(payment: StorefrontPayment): wallet.StorefrontPayment {
  return {
    id: payment.id,
    bookingId: payment.bookingId,
    customerId: payment.customerId,
    total: payment.total,
    walletPaid: payment.walletPaid,
    charged: payment.charged,
    gatewayId: payment.gatewayId ?? undefined,
    gatewayReference: payment.gatewayReference ?? undefined,
    capturedAt: payment.capturedAt ?? undefined,
    status: payment.status,
    simulated: isSimulated(payment),
    provider: payment.provider ?? undefined,
    clientSecret: payment.clientSecret ?? undefined,
    failure: payment.failure ?? undefined,
  };
}

function encodeRefund(refund: Refund): wallet.Refund {
  const { id, bookingId, amount, status, createdAt, walletAmount, cardAmount, card } = refund;
  return {
    id,
    bookingId,
    amount,
    status,
    createdAt,
    walletAmount,
    cardAmount,
    cardStatus: card?.status,
  };
}

function encodeEntry(entry: WalletEntry): wallet.WalletEntry {
  return {
    id: entry.id,
    type: entry.type,
    reason: entry.reason,
    amount: entry.amount,
    bookingId: entry.bookingId ?? undefined,
    note: entry.note ?? undefined,
    createdAt: entry.createdAt,
  };
}
