import { join } from 'node:path';
import { paymentEvents, wallet } from '@travel/contracts';
import { jobCaller } from '@travel/grpc';
import {
  createServiceClient,
  freePort,
  freshIdempotency,
  peerTlsEnv,
  spawnService,
  testInfra,
  uniqueName,
  waitFor,
  wireCallers,
} from '@travel/testkit';
import { type Billing, bookingJob, codeOf, staff, startBilling, TEST_SEALING_KEYS } from './billing.fixture';
import { signedPaymentEvent } from './stripe-events';
import {
  type RecordingRelay,
  type RunningStripeMock,
  startRecordingRelay,
  startStripeMock,
} from './stripe-mock';

// Issue 34: storefront card payments through Stripe (stripe-mock, Stripe's own mock server, as the peer),
// confirmed by webhooks signed exactly as Stripe signs them, refunded to the card.
const WEBHOOK_SECRET = 'whsec_card_payments_test';
const webhookJob = jobCaller('gateway.payment-webhook');
const database = uniqueName('ct_billing_card');
let mock: RunningStripeMock;
let relay: RecordingRelay;
let world: Billing;
let gatewayId: string;

beforeAll(async () => {
  mock = await startStripeMock();
  relay = await startRecordingRelay(mock.endpoint);
  world = await startBilling({ MONGO_DATABASE: database, STRIPE_API_URL: relay.url });
  const { gateway } = await world.gateways.createPaymentGateway({
    caller: staff,
    provider: 'stripe',
    displayName: 'Stripe (mock)',
    credentials: { secretKey: 'sk_test_cardpayments', webhookSecret: WEBHOOK_SECRET },
  });
  gatewayId = gateway?.id ?? '';
  await world.gateways.setDefaultPaymentGateway({ caller: staff, id: gatewayId });
}, 15 * 60_000);
afterAll(async () => {
  await world?.stop();
  await relay?.stop();
  await mock?.stop();
});

let nextBooking = Date.now() % 1_000_000_000;
const newBooking = () => `bkg_${nextBooking++}`;
const topUp = (customerId: string, amount: number) =>
  world.wallet.topUpWallet({ caller: staff, customerId, amount, ...freshIdempotency() });
const balanceOf = async (customerId: string) =>
  (
    await world.wallet.getWallet({
      caller: wireCallers.customer(undefined, customerId),
      customerId,
      limit: 100,
    })
  ).balance;
const pay = (bookingId: string, customerId: string, total = 1000, useWallet = true) =>
  world.wallet.payBooking({ caller: bookingJob, bookingId, customerId, total, useWallet });
const intentCreations = (bookingId: string) =>
  relay.seen.filter(
    (r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.idempotencyKey === `pay:${bookingId}`,
  );

const signedEvent = (type: string, reference: string, status: string, secret = WEBHOOK_SECRET) =>
  signedPaymentEvent(type, reference, status, secret);
const deliver = (event: { rawBody: Buffer; signature: string }, gateway = gatewayId) =>
  world.wallet.receivePaymentWebhook({ caller: webhookJob, gatewayId: gateway, ...event });
const capturedEventsOf = (bookingId: string) =>
  world.paid.filter(
    (e) =>
      e.type === 'payment.captured' && paymentEvents.PaymentEvent.decode(e.payload).bookingId === bookingId,
  ).length;

describe('storefront card payments through Stripe', () => {
  it('when a booking leaves a remainder, then the wallet pays its share and a PaymentIntent in paise is created under the booking’s idempotency key, pending with its client secret', async () => {
    const customerId = uniqueName('cus');
    await topUp(customerId, 300);
    const bookingId = newBooking();
    const { payment } = await pay(bookingId, customerId);
    expect(payment).toMatchObject({
      status: 'pending',
      walletPaid: 300,
      charged: 700,
      provider: 'stripe',
      simulated: false,
      gatewayId,
      gatewayReference: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(/_secret_/),
    });
    expect(payment?.capturedAt).toBeUndefined();
    const [created] = intentCreations(bookingId);
    const form = new URLSearchParams(created?.body);
    expect(form.get('amount')).toBe('70000');
    expect(form.get('currency')).toBe('inr');
    expect(form.get('metadata[bookingId]')).toBe(bookingId);
    // Asked again (a retry, the settler): the same payment, read from Stripe, still pending; no second intent.
    const again = await pay(bookingId, customerId);
    expect(again.payment).toMatchObject({
      id: payment?.id,
      gatewayReference: payment?.gatewayReference,
      status: 'pending',
    });
    expect(intentCreations(bookingId)).toHaveLength(1);
    expect(
      relay.seen.some(
        (r) => r.method === 'GET' && r.path === `/v1/payment_intents/${payment?.gatewayReference}`,
      ),
    ).toBe(true);
    expect(await balanceOf(customerId)).toBe(0);
  });

  it('when the signed success webhook comes, twice, then the payment is captured once with one payment.captured', async () => {
    const customerId = uniqueName('cus');
    const bookingId = newBooking();
    const { payment } = await pay(bookingId, customerId, 700, false);
    const reference = payment?.gatewayReference ?? '';
    const event = signedEvent('payment_intent.succeeded', reference, 'succeeded');
    expect(await deliver(event)).toMatchObject({ bookingId, paymentStatus: 'captured' });
    expect(await deliver(event)).toMatchObject({ bookingId, paymentStatus: 'captured' });
    expect(await deliver(signedEvent('payment_intent.succeeded', reference, 'succeeded'))).toMatchObject({
      paymentStatus: 'captured',
    });
    const { payment: captured } = await pay(bookingId, customerId, 700, false);
    expect(captured).toMatchObject({ status: 'captured', clientSecret: undefined });
    expect(captured?.capturedAt).toBeInstanceOf(Date);
    await waitFor(async () => {
      if (capturedEventsOf(bookingId) !== 1) throw new Error('payment.captured not published yet');
    });
    // A late failure changes nothing once captured.
    expect(
      await deliver(signedEvent('payment_intent.payment_failed', reference, 'requires_payment_method')),
    ).toMatchObject({
      paymentStatus: 'captured',
    });
    expect(capturedEventsOf(bookingId)).toBe(1);
  });

  it('when the signed failure webhook comes, then the payment fails and the wallet gets its share back, once', async () => {
    const customerId = uniqueName('cus');
    await topUp(customerId, 400);
    const bookingId = newBooking();
    const { payment } = await pay(bookingId, customerId);
    expect(await balanceOf(customerId)).toBe(0);
    const failed = signedEvent(
      'payment_intent.payment_failed',
      payment?.gatewayReference ?? '',
      'requires_payment_method',
    );
    expect(await deliver(failed)).toMatchObject({ bookingId, paymentStatus: 'failed' });
    expect(await deliver(failed)).toMatchObject({ bookingId, paymentStatus: 'failed' });
    expect(await balanceOf(customerId)).toBe(400);
    expect((await pay(bookingId, customerId)).payment).toMatchObject({
      status: 'failed',
      clientSecret: undefined,
    });
    expect(capturedEventsOf(bookingId)).toBe(0);
  });

  it('when a webhook is signed with another secret, changed, unsigned or for another gateway, then it is bad_request and nothing is stored', async () => {
    const customerId = uniqueName('cus');
    const bookingId = newBooking();
    const { payment } = await pay(bookingId, customerId, 500, false);
    const reference = payment?.gatewayReference ?? '';
    const before = await world.db.collection('storefront_payments').findOne({ _id: bookingId as never });
    const forged = signedEvent('payment_intent.succeeded', reference, 'succeeded', 'whsec_someone_else');
    const genuine = signedEvent('payment_intent.succeeded', reference, 'succeeded');
    const tampered = {
      ...genuine,
      rawBody: Buffer.from(genuine.rawBody.toString().replace('succeeded"', 'succeeded" ')),
    };
    expect(await codeOf(deliver(forged))).toBe('bad_request');
    expect(await codeOf(deliver(tampered))).toBe('bad_request');
    expect(await codeOf(deliver({ ...genuine, signature: '' }))).toBe('bad_request');
    expect(await codeOf(deliver(genuine, 'pgw_999999'))).toBe('bad_request');
    expect(await codeOf(deliver(genuine, '../x'))).toBe('bad_request');
    expect(await world.db.collection('storefront_payments').findOne({ _id: bookingId as never })).toEqual(
      before,
    );
  });

  it('when a webhook names a payment not recorded yet, then it is conflict (the provider retries) and nothing is stored', async () => {
    const early = signedEvent('payment_intent.succeeded', `pi_${uniqueName('early')}`, 'succeeded');
    expect(await codeOf(deliver(early))).toBe('conflict');
    expect(
      await world.db.collection('storefront_payments').countDocuments({ gatewayReference: /early/ }),
    ).toBe(0);
  });

  it('when a captured card payment is refunded, then the wallet share goes to the wallet and the charge back to the card through Stripe, once', async () => {
    const customerId = uniqueName('cus');
    await topUp(customerId, 250);
    const bookingId = newBooking();
    const { payment } = await pay(bookingId, customerId, 1000);
    await deliver(signedEvent('payment_intent.succeeded', payment?.gatewayReference ?? '', 'succeeded'));
    const refunds = await Promise.all(
      [1, 2, 3].map(() =>
        world.wallet.refundBooking({ caller: bookingJob, bookingId, customerId, refundable: true }),
      ),
    );
    for (const { refund } of refunds)
      expect(refund).toMatchObject({ amount: 1000, walletAmount: 250, cardAmount: 750, status: 'completed' });
    // stripe-mock's refund fixture is `succeeded`.
    expect(refunds.map(({ refund }) => refund?.cardStatus)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(await balanceOf(customerId)).toBe(250);
    // Every request naming this payment (found by the payment, not by the key, so a request under another key
    // counts too) carries the one idempotency key: Stripe makes one refund of it. The three racing calls may each
    // ask (at most once each); once the refund is recorded, another call asks nothing more.
    const asked = () =>
      relay.seen.filter(
        (r) =>
          r.path === '/v1/refunds' &&
          new URLSearchParams(r.body).get('payment_intent') === payment?.gatewayReference,
      );
    const racing = asked();
    expect(racing.length).toBeGreaterThanOrEqual(1);
    expect(racing.length).toBeLessThanOrEqual(3);
    expect(new Set(racing.map((r) => r.idempotencyKey))).toEqual(new Set([`refund:${bookingId}`]));
    for (const request of racing) expect(new URLSearchParams(request.body).get('amount')).toBe('75000');
    const later = await world.wallet.refundBooking({
      caller: bookingJob,
      bookingId,
      customerId,
      refundable: true,
    });
    expect(later.refund).toMatchObject({ amount: 1000, cardAmount: 750, status: 'completed' });
    expect(asked()).toHaveLength(racing.length);
    const listed = await world.wallet.listRefunds({ caller: bookingJob, customerId, limit: 10 });
    expect(listed.refunds).toEqual([
      expect.objectContaining({ bookingId, walletAmount: 250, cardAmount: 750 }),
    ]);
  });
});

describe('a crash between Stripe’s answer and billing’s write', () => {
  it('when billing dies after Stripe answered, then the retry records the one payment under the same idempotency key and debits the wallet once', async () => {
    const infra = testInfra();
    const doomed = await spawnService(join(__dirname, '..', 'dist', 'main.js'), {
      GRPC_PORT: String(await freePort()),
      ...peerTlsEnv('billing'),
      MONGO_URL: infra.mongoUrl,
      MONGO_DATABASE: database,
      KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      KAFKA_NAMESPACE: uniqueName('ct-billing-crash'),
      SEALING_KEYS: TEST_SEALING_KEYS,
      STRIPE_API_URL: relay.url,
      BILLING_CRASH_AT: 'after-provider-payment',
    });
    try {
      const customerId = uniqueName('cus');
      await topUp(customerId, 100);
      const bookingId = newBooking();
      const client = createServiceClient(wallet.WalletServiceDefinition, doomed.address, {
        deadlineMs: 20_000,
      });
      await expect(
        client.payBooking({ caller: bookingJob, bookingId, customerId, total: 1000, useWallet: true }),
      ).rejects.toThrow();
      expect(intentCreations(bookingId)).toHaveLength(1);
      expect(
        await world.db.collection('storefront_payments').countDocuments({ _id: bookingId as never }),
      ).toBe(0);
      // The settler's retry (through the healthy replica): the same intent asked for, never a second charge.
      const { payment } = await pay(bookingId, customerId, 1000);
      expect(payment).toMatchObject({ status: 'pending', walletPaid: 100, charged: 900 });
      expect(intentCreations(bookingId).map((r) => r.idempotencyKey)).toEqual([
        `pay:${bookingId}`,
        `pay:${bookingId}`,
      ]);
      expect(intentCreations(bookingId).map((r) => new URLSearchParams(r.body).get('amount'))).toEqual([
        '90000',
        '90000',
      ]);
      expect(await balanceOf(customerId)).toBe(0);
    } finally {
      await doomed.kill();
    }
  });
});

describe('a card payment the customer never completes', () => {
  it('when it is past its expiry, then the next settle cancels it at Stripe, fails it and gives the wallet share back', async () => {
    const impatient = await startBilling({
      STRIPE_API_URL: relay.url,
      // Every pending payment is past it: the first reconcile expires it (no clock in the test).
      PAYMENT_EXPIRY_MS: '1',
    });
    try {
      const { gateway } = await impatient.gateways.createPaymentGateway({
        caller: staff,
        provider: 'stripe',
        displayName: 'Stripe (mock)',
        credentials: { secretKey: 'sk_test_expiry', webhookSecret: WEBHOOK_SECRET },
      });
      await impatient.gateways.setDefaultPaymentGateway({ caller: staff, id: gateway?.id ?? '' });
      const customerId = uniqueName('cus');
      await impatient.wallet.topUpWallet({ caller: staff, customerId, amount: 300, ...freshIdempotency() });
      const bookingId = newBooking();
      const request = { caller: bookingJob, bookingId, customerId, total: 1000, useWallet: true };
      const { payment } = await impatient.wallet.payBooking(request);
      expect(payment?.status).toBe('pending');
      const { payment: expired } = await impatient.wallet.payBooking(request);
      expect(expired).toMatchObject({ status: 'failed', clientSecret: undefined });
      const cancels = relay.seen.filter(
        (r) => r.path === `/v1/payment_intents/${payment?.gatewayReference}/cancel`,
      );
      expect(cancels.map((r) => r.idempotencyKey)).toEqual([`expire:${bookingId}`]);
      const { balance } = await impatient.wallet.getWallet({
        caller: wireCallers.customer(undefined, customerId),
        customerId,
        limit: 10,
      });
      expect(balance).toBe(300);
    } finally {
      await impatient.stop();
    }
  });
});

describe('the simulated provider', () => {
  it('when the default gateway is simulated, then the payment is captured at once and says simulated', async () => {
    const { gateway } = await world.gateways.createPaymentGateway({
      caller: staff,
      provider: 'simulated',
      displayName: 'Simulated',
      credentials: {},
    });
    await world.gateways.setDefaultPaymentGateway({ caller: staff, id: gateway?.id ?? '' });
    try {
      const { payment } = await pay(newBooking(), uniqueName('cus'), 600, false);
      expect(payment).toMatchObject({
        status: 'captured',
        simulated: true,
        provider: 'simulated',
        gatewayReference: expect.stringMatching(/^sim_/),
      });
      expect(payment?.clientSecret).toBeUndefined();
    } finally {
      await world.gateways.setDefaultPaymentGateway({ caller: staff, id: gatewayId });
    }
  });
});
