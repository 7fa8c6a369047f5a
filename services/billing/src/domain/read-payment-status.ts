import type { PaymentProviders } from './payment-providers';
import type { ChargeRefusal } from './wallet';

export interface PaymentStatus {
  cardPayments: 'provider' | 'simulator' | 'refused';
  defaultGatewayId: string | null;
  simulatorEnabled: boolean;
  refusal: ChargeRefusal | null;
  message: string;
}

/**
 * What the platform console shows about card payments (docs/payments.md): the same choice a payment made now
 * would meet (`ofDefault`), so the console never says "ready" while a booking would be refused.
 */
export function createReadPaymentStatus(deps: { providers: PaymentProviders; simulatorEnabled: boolean }) {
  return async (): Promise<PaymentStatus> => {
    const chosen = await deps.providers.ofDefault();
    const simulatorEnabled = deps.simulatorEnabled;
    if (!chosen.usable)
      return {
        cardPayments: 'refused',
        defaultGatewayId: null,
        simulatorEnabled,
        refusal: chosen.refusal,
        message: `Card payments are refused: ${chosen.message} Set a usable default gateway.`,
      };
    const { gateway } = chosen;
    return {
      cardPayments: gateway.name === 'simulated' ? 'simulator' : 'provider',
      defaultGatewayId: gateway.gatewayId,
      simulatorEnabled,
      refusal: null,
      message:
        gateway.name === 'simulated'
          ? 'Card payments are simulated: the built-in simulator records them and no money moves.'
          : `Card payments go through ${gateway.gatewayId}.`,
    };
  };
}
