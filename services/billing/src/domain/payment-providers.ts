import { AppError } from '@travel/errors';
import type { PaymentGatewayRepository } from '../db/payment-gateway.repository';
import type { PaymentProvider, ProviderOf } from './payment-provider';
import type { StorefrontPayment } from './wallet';

/** The gateway a new payment charges through and its adapter. */
export interface ChargingGateway {
  /** Null: no default gateway (or one deleted meanwhile): the built-in simulator charges. */
  gatewayId: string | null;
  provider: PaymentProvider;
  name: 'simulated' | 'stripe';
}

/**
 * The adapters of gateways as payments need them: the default's for a new payment, a payment's own for
 * reading and refunding it (a card payment whose gateway was deleted cannot be: `service_unavailable`).
 */
export function createPaymentProviders(gateways: PaymentGatewayRepository, providerOf: ProviderOf) {
  return {
    async ofDefault(): Promise<ChargingGateway> {
      const id = await gateways.defaultId();
      const gateway = id ? await gateways.find(id) : null;
      const provider = providerOf(gateway);
      return { gatewayId: gateway?.id ?? null, provider, name: provider.simulated ? 'simulated' : 'stripe' };
    },
    async ofPayment(payment: Pick<StorefrontPayment, 'provider' | 'gatewayId'>): Promise<PaymentProvider> {
      if (payment.provider !== 'stripe') return providerOf(null);
      const gateway = payment.gatewayId ? await gateways.find(payment.gatewayId) : null;
      if (!gateway) throw new AppError('service_unavailable', `The gateway of this payment is gone.`);
      return providerOf(gateway);
    },
    /** The adapter that verifies a gateway's webhooks; null when none can (no such gateway, no secret, no provider that sends any). */
    async ofWebhook(gatewayId: string): Promise<PaymentProvider | null> {
      const gateway = await gateways.find(gatewayId);
      return gateway?.provider === 'stripe' && gateway.credentials ? providerOf(gateway) : null;
    },
  };
}

export type PaymentProviders = ReturnType<typeof createPaymentProviders>;
