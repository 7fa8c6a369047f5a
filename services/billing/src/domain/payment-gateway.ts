import type { SealedCredentials } from './credentials-cipher';

/** Every provider a stored gateway may name (older records name ones with no adapter). */
export const PROVIDERS = ['razorpay', 'stripe', 'payu', 'cashfree', 'simulated'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** The providers billing has an adapter for: the only ones a gateway may be created with or made the default. */
export const SUPPORTED_PROVIDERS = ['stripe', 'simulated'] as const satisfies readonly Provider[];
export type SupportedProvider = (typeof SUPPORTED_PROVIDERS)[number];

export function isSupported(provider: string): provider is SupportedProvider {
  return (SUPPORTED_PROVIDERS as readonly string[]).includes(provider);
}

/** The credential fields each supported provider needs (Stripe's are opened only in billing, to call it). */
export const REQUIRED_CREDENTIALS: Record<SupportedProvider, readonly string[]> = {
  stripe: ['secretKey', 'webhookSecret'],
  simulated: [],
};

export interface PaymentGateway {
  /** `pgw_<n>`. */
  id: string;
  provider: Provider;
  displayName: string;
  /** Write-only: sealed at rest, never answered or logged. */
  credentials: SealedCredentials | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A gateway as answered: whether credentials are stored, never what they are. */
export interface PaymentGatewayView {
  id: string;
  provider: Provider;
  displayName: string;
  isDefault: boolean;
  credentialsSet: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export function viewOf(gateway: PaymentGateway, defaultId: string | null): PaymentGatewayView {
  return {
    id: gateway.id,
    provider: gateway.provider,
    displayName: gateway.displayName,
    isDefault: gateway.id === defaultId,
    credentialsSet: gateway.credentials !== null,
    createdAt: gateway.createdAt,
    updatedAt: gateway.updatedAt,
  };
}
