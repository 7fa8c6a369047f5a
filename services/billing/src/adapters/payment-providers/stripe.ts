import { AppError } from '@travel/errors';
import Stripe from 'stripe';
import type {
  PaymentProvider,
  ProviderPayment,
  ProviderPaymentStatus,
  ProviderRefundStatus,
} from '../../domain/payment-provider';

/** A Stripe gateway's credentials, as the console stores them (sealed) and billing opens them. */
export interface StripeCredentials {
  secretKey: string;
  webhookSecret: string;
}

/** Where the Stripe API is: Stripe's own by default; stripe-mock's in tests (`STRIPE_API_URL`). */
export interface StripeEndpoint {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/** `STRIPE_API_URL` as the package wants it; none is Stripe's own API. */
export function stripeEndpointOf(url: string | undefined): StripeEndpoint | undefined {
  if (!url) return undefined;
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return { host: parsed.hostname, port: Number(parsed.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** The payment events billing acts on; every other event is verified, then ignored. */
const PAYMENT_EVENTS: ReadonlySet<string> = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.processing',
]);

/**
 * Stripe through its official package: a PaymentIntent per booking (INR, paise, automatic payment methods,
 * so the storefront confirms it with Stripe.js and the client secret), refunds of it, and Stripe's
 * webhook signature (`Stripe-Signature`, HMAC-SHA256 over `<timestamp>.<raw body>`, 5 minutes' tolerance).
 * The secret key never leaves this object; errors name the call, never the credentials.
 */
export function createStripeProvider(
  credentials: StripeCredentials,
  endpoint?: StripeEndpoint,
): PaymentProvider {
  const stripe = new Stripe(credentials.secretKey, {
    ...(endpoint ?? {}),
    // Retried under the same idempotency key: a lost answer is asked again, never charged again.
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
  });
  return {
    simulated: false,
    async createPayment(request) {
      const intent = await unavailableOnFailure('create a payment', () =>
        stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency,
            automatic_payment_methods: { enabled: true },
            metadata: request.metadata,
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return paymentOf(intent);
    },
    async readPayment(reference) {
      return paymentOf(
        await unavailableOnFailure('read a payment', () => stripe.paymentIntents.retrieve(reference)),
      );
    },
    async cancelPayment(reference, idempotencyKey) {
      const intent = await unavailableOnFailure('cancel a payment', () =>
        stripe.paymentIntents.cancel(reference, { cancellation_reason: 'abandoned' }, { idempotencyKey }),
      );
      // Accepted: Stripe cancels it (`canceled`), whatever the answer's snapshot still says.
      return { ...paymentOf(intent), status: 'failed' };
    },
    async refund(request) {
      const refund = await unavailableOnFailure('refund a payment', () =>
        stripe.refunds.create(
          {
            payment_intent: request.paymentReference,
            ...(request.amount === undefined ? {} : { amount: request.amount }),
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return { reference: refund.id, status: refundStatusOf(refund.status), amount: refund.amount };
    },
    parseWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      if (!signature) return { kind: 'bad_signature' };
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, credentials.webhookSecret);
      } catch {
        return { kind: 'bad_signature' };
      }
      if (!PAYMENT_EVENTS.has(event.type)) return { kind: 'ignored', eventId: event.id, type: event.type };
      const payment = paymentOf(event.data.object as Stripe.PaymentIntent);
      // A failed attempt leaves the intent asking for another method; the event says what happened.
      if (event.type === 'payment_intent.payment_failed') payment.status = 'failed';
      return { kind: 'payment', eventId: event.id, type: event.type, payment };
    },
  };
}

/**
 * Stripe unreachable, or refusing the call: `service_unavailable` (the caller retries, under the same
 * idempotency key). The message names the call and Stripe's error type, never a credential.
 */
async function unavailableOnFailure<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const type = error instanceof Stripe.errors.StripeError ? error.type : 'unknown';
    throw new AppError('service_unavailable', `Stripe could not ${what} (${type}).`);
  }
}

function paymentOf(intent: Stripe.PaymentIntent): ProviderPayment {
  return {
    reference: intent.id,
    status: paymentStatusOf(intent),
    amount: intent.amount,
    clientSecret: intent.client_secret ?? null,
    metadata: { ...(intent.metadata ?? {}) },
  };
}

/**
 * Stripe's PaymentIntent statuses in ours: `canceled` is failed (expired or abandoned); every other
 * unfinished status (a failed attempt included: it asks for another method) still waits for the customer.
 */
function paymentStatusOf(intent: Stripe.PaymentIntent): ProviderPaymentStatus {
  if (intent.status === 'succeeded') return 'succeeded';
  if (intent.status === 'processing') return 'processing';
  if (intent.status === 'canceled') return 'failed';
  return 'requires_action';
}

function refundStatusOf(status: string | null): ProviderRefundStatus {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}
