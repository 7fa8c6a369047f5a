import { auditActorOf } from '@travel/audit';
import type { caller as callerContract, paymentGateways } from '@travel/contracts';
import { type RequestContext, requireCallerOf, requireRight, type ServiceImplementation } from '@travel/grpc';
import type { PaymentGatewayAdmin } from '../domain/manage-payment-gateways';
import type { createReadPaymentStatus } from '../domain/read-payment-status';

/** The platform's payment gateways are its configuration: platform staff with the right `settings` only. */
const GATEWAYS_RIGHT = 'settings';

/** Thin handlers: resolve the caller (fail closed), call one use case, encode (never credentials). */
export function createPaymentGatewayGrpc(
  admin: PaymentGatewayAdmin,
  readStatus: ReturnType<typeof createReadPaymentStatus>,
): ServiceImplementation<typeof paymentGateways.PaymentGatewayServiceDefinition, RequestContext> {
  const actorOf = (wire: callerContract.Caller | undefined) => {
    const caller = requireCallerOf(wire, 'platform-staff');
    requireRight(caller, GATEWAYS_RIGHT);
    return auditActorOf(caller);
  };
  return {
    async listPaymentGateways(request) {
      actorOf(request.caller);
      const page = await admin.list({ limit: request.limit, cursor: request.cursor });
      return { gateways: page.items, nextCursor: page.nextCursor };
    },
    createPaymentGateway: async (request) => ({
      gateway: await admin.create(request, actorOf(request.caller)),
    }),
    updatePaymentGateway: async (request) => ({
      gateway: await admin.update(request, actorOf(request.caller)),
    }),
    async deletePaymentGateway(request) {
      await admin.remove(request, actorOf(request.caller));
      return {};
    },
    setDefaultPaymentGateway: async (request) => ({
      gateway: await admin.setDefault(request, actorOf(request.caller)),
    }),
    async getPaymentStatus(request) {
      actorOf(request.caller);
      const status = await readStatus();
      return {
        cardPayments: status.cardPayments,
        defaultGatewayId: status.defaultGatewayId ?? undefined,
        simulatorEnabled: status.simulatorEnabled,
        refusal: status.refusal ?? undefined,
        message: status.message,
      };
    },
  };
}
