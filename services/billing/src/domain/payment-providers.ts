import { AppError, isAppError } from '@travel/errors';
import type { PaymentGatewayRepository } from '../db/payment-gateway.repository';
import type { PaymentProvider, ProviderOf } from './payment-provider';
import type { ChargeRefusal, StorefrontPayment } from './wallet';

/** The gateway a new payment charges through and its adapter. */
export interface ChargingGateway {
  /** Null: no default gateway, and the built-in simulator (explicitly enabled) charges. */
  gatewayId: string | null;
  provider: PaymentProvider;
  name: 'simulated' | 'stripe';
}

export type DefaultGateway =
  | { usable: true; gateway: ChargingGateway }
  | { usable: false; refusal: ChargeRefusal; message: string };

/**
 * The adapters of gateways as payments need them: the default's for a new payment (failing closed: without a
 * usable one, no adapter, never the simulator unless it is enabled), a payment's own for reading and
 * refunding it (a card payment whose gateway was deleted cannot be: `service_unavailable`; a simulated one is
 * refunded by the simulator whether or not it may charge, since it moved no money).
 */
export function createPaymentProviders(
  gateways: PaymentGatewayRepository,
  providerOf: ProviderOf,
  options: { simulatorEnabled: boolean },
) {
  return {
    async ofDefault(): Promise<DefaultGateway> {
      const id = await gateways.defaultId();
      const gateway = id ? await gateways.find(id) : null;
      if (!gateway || gateway.provider === 'simulated') {
        if (!options.simulatorEnabled)
          return gateway
            ? refused(
                'simulator_disabled',
                `The default gateway ${gateway.id} is the simulator, which is off here.`,
              )
            : refused('no_gateway', 'No payment gateway is the default.');
        return {
          usable: true,
          gateway: { gatewayId: gateway?.id ?? null, provider: providerOf(null), name: 'simulated' },
        };
      }
      try {
        const provider = providerOf(gateway);
        return { usable: true, gateway: { gatewayId: gateway.id, provider, name: 'stripe' } };
      } catch (error) {
        // The registry's refusal (no adapter, no credentials): a configuration, not an outage.
        if (isAppError(error) && error.code === 'service_unavailable')
          return refused('gateway_unusable', error.message);
        throw error;
      }
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

function refused(refusal: ChargeRefusal, message: string): DefaultGateway {
  return { usable: false, refusal, message };
}

export type PaymentProviders = ReturnType<typeof createPaymentProviders>;
