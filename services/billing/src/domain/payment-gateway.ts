import type { SealedCredentials } from './credentials-cipher';

export const PROVIDERS = ['razorpay', 'stripe', 'payu', 'cashfree', 'simulated'] as const;
export type Provider = (typeof PROVIDERS)[number];

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
