import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/** A body and its `Stripe-Signature`, as a gateway's webhook route receives them. */
export interface SignedEvent {
  rawBody: Buffer;
  signature: string;
}

/**
 * A Stripe event about a PaymentIntent, signed exactly as Stripe signs it (the official package's
 * `generateTestHeaderString`: HMAC-SHA256 of `<t>.<body>` under the endpoint's secret).
 */
export function signedPaymentEvent(
  type: string,
  reference: string,
  status: string,
  secret: string,
): SignedEvent {
  const body = JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type,
    data: {
      object: {
        id: reference,
        object: 'payment_intent',
        amount: 70_000,
        currency: 'inr',
        status,
        metadata: {},
      },
    },
  });
  return {
    rawBody: Buffer.from(body),
    signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }),
  };
}
