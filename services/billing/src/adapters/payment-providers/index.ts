import { AppError } from '@travel/errors';
import type { CredentialsCipher } from '../../domain/credentials-cipher';
import type { ProviderOf } from '../../domain/payment-provider';
import { createSimulatedProvider } from './simulated';
import { createStripeProvider, type StripeEndpoint } from './stripe';

export interface ProviderRegistryDeps {
  cipher: CredentialsCipher;
  /** Where Stripe's API is; Stripe's own when absent (tests point it at stripe-mock). */
  stripeEndpoint?: StripeEndpoint;
}

/**
 * Picks the adapter of a gateway: none (no default gateway) and `simulated` are the built-in simulator;
 * `stripe` is Stripe with the gateway's opened credentials. A gateway of a provider with no adapter (stored
 * before they were refused) or without its credentials cannot take money: `service_unavailable`, never a
 * simulated charge passed off as real.
 */
export function createProviderRegistry(deps: ProviderRegistryDeps): ProviderOf {
  const simulated = createSimulatedProvider();
  return (gateway) => {
    if (!gateway || gateway.provider === 'simulated') return simulated;
    if (gateway.provider !== 'stripe')
      throw new AppError('service_unavailable', `Payment gateway ${gateway.id} has no adapter.`);
    const opened = gateway.credentials ? deps.cipher.open(gateway.id, gateway.credentials) : {};
    const { secretKey, webhookSecret } = opened;
    if (!secretKey || !webhookSecret)
      throw new AppError('service_unavailable', `Payment gateway ${gateway.id} has no Stripe credentials.`);
    return createStripeProvider({ secretKey, webhookSecret }, deps.stripeEndpoint);
  };
}
