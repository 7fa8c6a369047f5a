import type { wallet } from '@travel/contracts';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import type { createPayBooking } from '../domain/pay-booking';
import type { createGetWallet, createListRefunds } from '../domain/read-wallet';
import type { createRefundBooking } from '../domain/refund-booking';
import type { createTopUpWallet } from '../domain/top-up-wallet';
import type { Refund, StorefrontPayment, WalletEntry } from '../domain/wallet';

export interface WalletUseCases {
  payBooking: ReturnType<typeof createPayBooking>;
  refundBooking: ReturnType<typeof createRefundBooking>;
  getWallet: ReturnType<typeof createGetWallet>;
  listRefunds: ReturnType<typeof createListRefunds>;
  topUpWallet: ReturnType<typeof createTopUpWallet>;
}

/** Thin handlers: decode, call one use case, encode. */
export function createWalletGrpc(
  useCases: WalletUseCases,
): ServiceImplementation<typeof wallet.WalletServiceDefinition, RequestContext> {
  return {
    payBooking: async (request) => ({ payment: encodePayment(await useCases.payBooking(request)) }),
    refundBooking: async (request) => ({ refund: encodeRefund(await useCases.refundBooking(request)) }),
    async getWallet(request) {
      const result = await useCases.getWallet(request);
      return {
        balance: result.balance,
        currency: 'INR',
        entries: result.entries.map(encodeEntry),
        nextCursor: result.nextCursor,
      };
    },
    async listRefunds(request) {
      const result = await useCases.listRefunds(request);
      return { refunds: result.refunds.map(encodeRefund), nextCursor: result.nextCursor };
    },
    async topUpWallet(request) {
      const result = await useCases.topUpWallet(request);
      return { entry: encodeEntry(result.entry), balance: result.balance };
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
    capturedAt: payment.capturedAt,
  };
}

function encodeRefund(refund: Refund): wallet.Refund {
  const { id, bookingId, amount, status, createdAt } = refund;
  return { id, bookingId, amount, status, createdAt };
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
