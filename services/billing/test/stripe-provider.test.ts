import Stripe from 'stripe';
import { createStripeProvider } from '../src/adapters/payment-providers/stripe';
import { type RunningStripeMock, startStripeMock } from './stripe-mock';

const credentials = { secretKey: 'sk_test_component', webhookSecret: 'whsec_component_test' };

describe('the Stripe payment provider against stripe-mock', () => {
  let mock: RunningStripeMock;
  beforeAll(async () => {
    mock = await startStripeMock();
  }, 15 * 60_000);
  afterAll(async () => {
    await mock?.stop();
  });
  const provider = () => createStripeProvider(credentials, mock.endpoint);

  it('creates a PaymentIntent in INR paise with a client secret for the storefront', async () => {
    const payment = await provider().createPayment({
      amount: 123_400,
      currency: 'inr',
      idempotencyKey: 'pay:bkg_1',
      metadata: { bookingId: 'bkg_1' },
    });
    expect(payment.reference).toMatch(/^pi_/);
    expect(payment.amount).toBe(123_400);
    expect(payment.clientSecret).toMatch(/^pi_.+_secret_/);
  });

  it('reads a payment back by its reference', async () => {
    const payment = await provider().readPayment('pi_component_read');
    expect(payment.reference).toBe('pi_component_read');
    // stripe-mock answers its fixture: an intent in `requires_payment_method`, which still waits for the customer.
    expect(payment.status).toBe('requires_action');
  });

  it('cancels an unfinished payment under an idempotency key, answering it failed', async () => {
    const cancelled = await provider().cancelPayment('pi_component_cancel', 'expire:bkg_1');
    expect(cancelled).toMatchObject({ reference: 'pi_component_cancel', status: 'failed' });
  });

  it('refunds part of a payment with an idempotency key', async () => {
    const refund = await provider().refund({
      paymentReference: 'pi_component_refund',
      amount: 50_000,
      idempotencyKey: 'refund:bkg_1',
    });
    expect(refund.reference).toMatch(/^re_/);
    expect(refund.amount).toBe(50_000);
    // stripe-mock's refund fixture is `succeeded`.
    expect(refund.status).toBe('succeeded');
  });

  it('when Stripe refuses a request (stripe-mock validates it as Stripe does), then the call is service_unavailable naming the error type', async () => {
    await expect(
      provider().createPayment({
        amount: 1.5,
        currency: 'inr',
        idempotencyKey: 'pay:bkg_2',
        metadata: {},
      }),
    ).rejects.toMatchObject({
      code: 'service_unavailable',
      message: expect.stringContaining('StripeInvalidRequestError'),
    });
  });

  it('verifies a webhook signed as Stripe signs it and reads the payment it is about', () => {
    const body = JSON.stringify(eventOf('evt_1', 'payment_intent.succeeded', 'pi_hook', 'succeeded'));
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: credentials.webhookSecret,
    });
    const parsed = provider().parseWebhook(Buffer.from(body), { 'stripe-signature': header });
    expect(parsed).toEqual({
      kind: 'payment',
      eventId: 'evt_1',
      type: 'payment_intent.succeeded',
      payment: expect.objectContaining({ reference: 'pi_hook', status: 'succeeded', amount: 100_000 }),
    });
  });

  it('reads a failed payment event as failed, whatever status the intent was left in', () => {
    const body = JSON.stringify(
      eventOf('evt_2', 'payment_intent.payment_failed', 'pi_hook', 'requires_payment_method'),
    );
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: credentials.webhookSecret,
    });
    const parsed = provider().parseWebhook(Buffer.from(body), { 'stripe-signature': header });
    expect(parsed.kind === 'payment' && parsed.payment.status).toBe('failed');
  });

  it('refuses a webhook signed with another secret, a changed body or no signature', () => {
    const body = JSON.stringify(eventOf('evt_3', 'payment_intent.succeeded', 'pi_hook', 'succeeded'));
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_other' });
    const genuine = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: credentials.webhookSecret,
    });
    const bad = { kind: 'bad_signature' };
    expect(provider().parseWebhook(Buffer.from(body), { 'stripe-signature': forged })).toEqual(bad);
    expect(
      provider().parseWebhook(Buffer.from(body.replace('100000', '1')), { 'stripe-signature': genuine }),
    ).toEqual(bad);
    expect(provider().parseWebhook(Buffer.from(body), {})).toEqual(bad);
  });

  it('verifies and ignores events about other things', () => {
    const body = JSON.stringify({
      id: 'evt_4',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: credentials.webhookSecret,
    });
    expect(provider().parseWebhook(Buffer.from(body), { 'stripe-signature': header })).toEqual({
      kind: 'ignored',
      eventId: 'evt_4',
      type: 'customer.created',
    });
  });
});

function eventOf(id: string, type: string, intentId: string, status: string) {
  return {
    id,
    object: 'event',
    type,
    data: {
      object: {
        id: intentId,
        object: 'payment_intent',
        amount: 100_000,
        currency: 'inr',
        status,
        client_secret: `${intentId}_secret_x`,
        metadata: { bookingId: 'bkg_9' },
        last_payment_error: null,
      },
    },
  };
}
