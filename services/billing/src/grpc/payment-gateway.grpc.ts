import type { paymentGateways } from '@travel/contracts';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import type { PaymentGatewayAdmin } from '../domain/manage-payment-gateways';

/** Thin handlers: decode, call one use case, encode (a gateway view never holds credentials). */
export function createPaymentGatewayGrpc(
  admin: PaymentGatewayAdmin,
): ServiceImplementation<typeof paymentGateways.PaymentGatewayServiceDefinition, RequestContext> {
  return {
    listPaymentGateways: async () => ({ gateways: await admin.list() }),
    createPaymentGateway: async (request) => ({ gateway: await admin.create(request) }),
    updatePaymentGateway: async (request) => ({ gateway: await admin.update(request) }),
    async deletePaymentGateway(request) {
      await admin.remove(request);
      return {};
    },
    setDefaultPaymentGateway: async (request) => ({ gateway: await admin.setDefault(request) }),
  };
}
