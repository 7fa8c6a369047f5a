import type { PaymentGateway } from './payment-gateway';

/**
 * What billing needs of a card payment provider (docs/decisions/billing.md "Storefront card payments through a
 * provider"). Amounts are in the currency's smallest unit (paise for INR); every call that moves money takes
 * an idempotency key, so a retry after a crash asks the provider for the same payment or refund, never a
 * second one.
 */
export interface PaymentProvider {
  /** Whether it moves real money: a simulated provider's payments say so in every answer. */
  readonly simulated: boolean;
  createPayment(request: CreateProviderPayment): Promise<ProviderPayment>;
  readPayment(reference: string): Promise<ProviderPayment>;
  /**
   * Gives up a payment the customer never completed (expiry): `failed` once the provider accepted it. One
   * that completed meanwhile cannot be cancelled: the provider refuses, and the caller reads it again.
   */
  cancelPayment(reference: string, idempotencyKey: string): Promise<ProviderPayment>;
  /** Refunds all of a payment (`amount` omitted) or part of it. */
  refund(request: ProviderRefundRequest): Promise<ProviderRefund>;
  /**
   * Verifies a webhook's signature over its raw body and reads it: `bad_signature` when it does not verify
   * (nothing of it may be believed or stored), else the payment it is about, or `null` for other events.
   */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | undefined>): ProviderWebhook;
}

export interface CreateProviderPayment {
  /** Smallest unit of `currency` (paise). */
  amount: number;
  currency: 'inr';
  idempotencyKey: string;
  /** Carried by the provider and back in its webhooks (the booking id). */
  metadata: Record<string, string>;
}

/** Where a provider's payment stands, in our words. */
export type ProviderPaymentStatus = 'requires_action' | 'processing' | 'succeeded' | 'failed';

export interface ProviderPayment {
  /** The provider's id of the payment (Stripe: the PaymentIntent id). */
  reference: string;
  status: ProviderPaymentStatus;
  amount: number;
  /** What the storefront needs to complete the payment in the browser (Stripe: the PaymentIntent's client secret). */
  clientSecret: string | null;
  metadata: Record<string, string>;
}

export interface ProviderRefundRequest {
  paymentReference: string;
  /** Smallest unit; omitted for all of it. */
  amount?: number;
  idempotencyKey: string;
}

export type ProviderRefundStatus = 'pending' | 'succeeded' | 'failed';

export interface ProviderRefund {
  reference: string;
  status: ProviderRefundStatus;
  amount: number;
}

export type ProviderWebhook =
  | { kind: 'bad_signature' }
  | { kind: 'ignored'; eventId: string; type: string }
  | { kind: 'payment'; eventId: string; type: string; payment: ProviderPayment };

/** Rupees to paise: storefront totals are whole rupees. */
export const toPaise = (rupees: number): number => rupees * 100;

/** A gateway's adapter (`adapters/payment-providers/`), with its credentials opened there and nowhere else. */
export type ProviderOf = (gateway: PaymentGateway | null) => PaymentProvider;
