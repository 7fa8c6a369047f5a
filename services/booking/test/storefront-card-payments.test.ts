import { bookingEvents, paymentGateways } from '@travel/contracts';
import { jobCaller } from '@travel/grpc';
import { createServiceClient, freePort, uniqueName, waitFor, wireCallers } from '@travel/testkit';
import { signedPaymentEvent } from '../../billing/test/stripe-events';
import {
  type RecordingRelay,
  type RunningStripeMock,
  startRecordingRelay,
  startStripeMock,
} from '../../billing/test/stripe-mock';
import {
  bookingEnv,
  listenToBookingEvents,
  type SearchAndPricing,
  startBooking,
  startSearchAndPricing,
} from './booking.fixture';
import { spawnBooking } from './booking-process';
import {
  billingEnv,
  startBilling,
  startPromotions,
  storefrontClient,
  storefrontFlight,
  storefrontRequest,
  topUp,
} from './storefront.fixture';

// Issue 34: a storefront booking with a card remainder goes Pending → Upcoming (or Cancelled) on Stripe's
// signed webhook, with stripe-mock as Stripe and events signed exactly as Stripe signs them.
const WEBHOOK_SECRET = 'whsec_storefront_card_test';
const webhookJob = jobCaller('gateway.payment-webhook');
const namespace = `${uniqueName('ct_bk_card')}.`;
const bookingDatabase = uniqueName('ct_bk_card');
let world: SearchAndPricing;
let mock: RunningStripeMock;
let relay: RecordingRelay;
let billing: Awaited<ReturnType<typeof startBilling>>;
let promotions: Awaited<ReturnType<typeof startPromotions>>;
let events: Awaited<ReturnType<typeof listenToBookingEvents>>;
let gatewayId: string;

beforeAll(async () => {
  mock = await startStripeMock();
  relay = await startRecordingRelay(mock.endpoint);
  world = await startSearchAndPricing();
  billing = await startBilling({ ...billingEnv(namespace), STRIPE_API_URL: relay.url });
  promotions = await startPromotions(namespace);
  events = await listenToBookingEvents(namespace);
  const gateways = createServiceClient(paymentGateways.PaymentGatewayServiceDefinition, billing.address, {
    deadlineMs: 20_000,
  });
  const staff = wireCallers.platformStaff(['settings']);
  const { gateway } = await gateways.createPaymentGateway({
    caller: staff,
    provider: 'stripe',
    displayName: 'Stripe (mock)',
    credentials: { secretKey: 'sk_test_storefront', webhookSecret: WEBHOOK_SECRET },
  });
  gatewayId = gateway?.id ?? '';
  await gateways.setDefaultPaymentGateway({ caller: staff, id: gatewayId });
}, 15 * 60_000);
afterAll(async () => {
  await events?.stop();
  await billing?.stop();
  await promotions?.stop();
  await world?.stop();
  await relay?.stop();
  await mock?.stop();
});

const envWith = () => ({
  ...bookingEnv(world, bookingDatabase, namespace),
  BILLING_ADDRESS: billing.address,
  PROMOTIONS_ADDRESS: promotions.address,
  IDEMPOTENCY_LEASE_MS: '1500',
  SETTLE_INTERVAL_MS: '500',
  BILLING_DEADLINE_MS: '15000',
  PROMOTIONS_DEADLINE_MS: '15000',
});
async function startStorefront() {
  const service = await startBooking(envWith());
  return { ...service, storefront: storefrontClient(service.address) };
}
const customer = (customerId: string) => wireCallers.customer(undefined, customerId);
const balanceOf = async (customerId: string) =>
  (await billing.wallet.getWallet({ caller: customer(customerId), customerId, limit: 100 })).balance;

const signed = (type: string, reference: string, status: string) =>
  signedPaymentEvent(type, reference, status, WEBHOOK_SECRET);
/** What the gateway's webhook route does: billing verifies and moves the payment, then booking settles. */
async function webhook(
  storefront: ReturnType<typeof storefrontClient>,
  event: ReturnType<typeof signed>,
  bookingId: string,
) {
  const moved = await billing.wallet.receivePaymentWebhook({ caller: webhookJob, gatewayId, ...event });
  await storefront.settleStorefrontBooking({ caller: webhookJob, bookingId });
  return moved;
}
const createdEventsOf = (bookingId: string) =>
  events.heard.filter(
    (e) => e.type === 'booking.created' && bookingEvents.BookingEvent.decode(e.payload).id === bookingId,
  ).length;

describe('storefront bookings paid by card through Stripe', () => {
  it('when a booking leaves a card remainder, then it answers Pending with the client secret, and the signed success webhook confirms it Upcoming once', async () => {
    const service = await startStorefront();
    try {
      const customerId = uniqueName('cus');
      await topUp(billing.wallet, customerId, 200);
      const offer = await storefrontFlight(world, true);
      const made = await service.storefront.createStorefrontBooking(
        storefrontRequest(customerId, offer.token, uniqueName('card')),
      );
      const booking = made.booking;
      expect(booking).toMatchObject({
        status: 'Pending',
        paymentStatus: 'pending',
        simulated: false,
        paymentProvider: 'stripe',
        walletPaid: 200,
        charged: offer.total - 200,
        clientSecret: expect.stringMatching(/_secret_/),
      });
      const id = booking?.id ?? '';
      // The customer sees it while they pay.
      const seen = await service.storefront.getStorefrontBooking({ caller: customer(customerId), id });
      expect(seen.booking?.status).toBe('Pending');
      const reference = await paymentReferenceOf(id, customerId);
      const success = signed('payment_intent.succeeded', reference, 'succeeded');
      expect(await webhook(service.storefront, success, id)).toMatchObject({ paymentStatus: 'captured' });
      await webhook(service.storefront, success, id);
      const confirmed = await service.storefront.getStorefrontBooking({ caller: customer(customerId), id });
      expect(confirmed.booking).toMatchObject({
        status: 'Upcoming',
        paymentStatus: 'captured',
        clientSecret: undefined,
      });
      await waitFor(async () => {
        if (createdEventsOf(id) !== 1) throw new Error('booking.created not published yet');
      });
      expect(await balanceOf(customerId)).toBe(0);

      // Cancelled: the wallet share back to the wallet, the card part to the card through Stripe.
      const cancelled = await service.storefront.cancelStorefrontBooking({
        caller: customer(customerId),
        id,
      });
      expect(cancelled.booking?.refund).toMatchObject({
        amount: offer.total,
        walletAmount: 200,
        cardAmount: offer.total - 200,
        status: 'completed',
      });
      expect(await balanceOf(customerId)).toBe(200);
      const refunds = relay.seen.filter(
        (r) => r.path === '/v1/refunds' && r.idempotencyKey === `refund:${id}`,
      );
      expect(refunds.map((r) => new URLSearchParams(r.body).get('amount'))).toEqual([
        String((offer.total - 200) * 100),
      ]);
      expect(createdEventsOf(id)).toBe(1);
    } finally {
      await service.stop();
    }
  });

  it('when the signed failure webhook comes, then the booking is cancelled and the wallet share given back', async () => {
    const service = await startStorefront();
    try {
      const customerId = uniqueName('cus');
      await topUp(billing.wallet, customerId, 150);
      const offer = await storefrontFlight(world, true);
      const made = await service.storefront.createStorefrontBooking(
        storefrontRequest(customerId, offer.token, uniqueName('fail')),
      );
      const id = made.booking?.id ?? '';
      expect(await balanceOf(customerId)).toBe(0);
      const reference = await paymentReferenceOf(id, customerId);
      const failure = signed('payment_intent.payment_failed', reference, 'requires_payment_method');
      expect(await webhook(service.storefront, failure, id)).toMatchObject({ paymentStatus: 'failed' });
      await webhook(service.storefront, failure, id);
      const after = await service.storefront.getStorefrontBooking({ caller: customer(customerId), id });
      expect(after.booking).toMatchObject({
        status: 'Cancelled',
        paymentStatus: 'failed',
        clientSecret: undefined,
      });
      expect(await balanceOf(customerId)).toBe(150);
      expect(createdEventsOf(id)).toBe(0);
    } finally {
      await service.stop();
    }
  });

  it('when the card payment of a booking with a voucher fails, then the redemption is given back; when one succeeds, it stands', async () => {
    const service = await startStorefront();
    try {
      const { code, id: voucherId } = await promotions.newVoucher({ amount: 100, maxRedemptions: 5 });
      const redeemedCount = async () =>
        (
          await promotions.client.listPromotions({
            caller: wireCallers.platformStaff(['vouchers']),
            kind: 'voucher',
            limit: 100,
          })
        ).promotions.find((p) => p.id === voucherId)?.redeemedCount;
      const offer = await storefrontFlight(world, true);
      const book = async (outcome: 'payment_intent.succeeded' | 'payment_intent.payment_failed') => {
        const customerId = uniqueName('cus');
        const made = await service.storefront.createStorefrontBooking({
          ...storefrontRequest(customerId, offer.token, uniqueName('vcard'), false),
          voucherCode: code,
        });
        const id = made.booking?.id ?? '';
        expect(made.booking).toMatchObject({
          status: 'Pending',
          discount: 100,
          voucher: { code, amount: 100 },
        });
        const reference = await paymentReferenceOf(id, customerId);
        const status = outcome === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method';
        await webhook(service.storefront, signed(outcome, reference, status), id);
        return (await service.storefront.getStorefrontBooking({ caller: customer(customerId), id })).booking;
      };
      expect(await book('payment_intent.payment_failed')).toMatchObject({ status: 'Cancelled' });
      expect(await redeemedCount()).toBe(0);
      expect(await book('payment_intent.succeeded')).toMatchObject({ status: 'Upcoming' });
      expect(await redeemedCount()).toBe(1);
    } finally {
      await service.stop();
    }
  });

  it('when booking dies before it records the payment and the success webhook comes first, then the settle after the webhook confirms it', async () => {
    const env = { ...envWith(), GRPC_PORT: String(await freePort()) };
    const customerId = uniqueName('cus');
    const offer = await storefrontFlight(world, true);
    const request = storefrontRequest(customerId, offer.token, uniqueName('early'), false);
    const doomed = await spawnBooking({ ...env, BOOKING_CRASH_AT: 'after-payment' });
    await expect(storefrontClient(doomed.address).createStorefrontBooking(request)).rejects.toMatchObject({
      code: 'service_unavailable',
    });
    expect(await doomed.exited).toBe('SIGKILL');
    const restarted = await spawnBooking({ ...env, SETTLE_INTERVAL_MS: '3600000' });
    try {
      const client = storefrontClient(restarted.address);
      const id = await bookingIdOf(customerId);
      const reference = await paymentReferenceOf(id, customerId);
      await webhook(client, signed('payment_intent.succeeded', reference, 'succeeded'), id);
      const replay = await waitFor(() => client.createStorefrontBooking(request), {
        timeoutMs: 10_000,
        intervalMs: 200,
      });
      expect(replay.booking).toMatchObject({
        id,
        status: 'Upcoming',
        paymentStatus: 'captured',
        charged: offer.total,
      });
      expect(intentsOf(id)).toBeGreaterThanOrEqual(1);
    } finally {
      await restarted.kill();
    }
  });

  it('when the webhook reached billing but the booking was never settled, then the settler reads Stripe and billing and confirms it', async () => {
    const service = await startStorefront();
    try {
      const customerId = uniqueName('cus');
      const offer = await storefrontFlight(world, true);
      const made = await service.storefront.createStorefrontBooking(
        storefrontRequest(customerId, offer.token, uniqueName('lost'), false),
      );
      const id = made.booking?.id ?? '';
      const reference = await paymentReferenceOf(id, customerId);
      // The settler's passes read the pending payment from Stripe (no word yet: it stays Pending).
      await waitFor(async () => {
        if (!relay.seen.some((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${reference}`))
          throw new Error('the settler has not read the payment from Stripe yet');
      });
      expect(
        (await service.storefront.getStorefrontBooking({ caller: customer(customerId), id })).booking?.status,
      ).toBe('Pending');
      // The webhook reached billing, but the gateway died before it settled the booking.
      await billing.wallet.receivePaymentWebhook({
        caller: webhookJob,
        gatewayId,
        ...signed('payment_intent.succeeded', reference, 'succeeded'),
      });
      const settled = await waitFor(async () => {
        const { booking } = await service.storefront.getStorefrontBooking({
          caller: customer(customerId),
          id,
        });
        if (booking?.status !== 'Upcoming') throw new Error(`still ${booking?.status}`);
        return booking;
      });
      expect(settled).toMatchObject({ paymentStatus: 'captured' });
      await waitFor(async () => {
        if (createdEventsOf(id) !== 1) throw new Error('booking.created not published yet');
      });
    } finally {
      await service.stop();
    }
  });
});

/** Billing's payment of the booking: its Stripe reference (what Stripe's events name). */
async function paymentReferenceOf(bookingId: string, customerId: string): Promise<string> {
  const { payment } = await billing.wallet.payBooking({
    caller: webhookJob,
    bookingId,
    customerId,
    total: 0,
    useWallet: false,
  });
  const reference = payment?.gatewayReference ?? '';
  expect(reference).toMatch(/^pi_/);
  return reference;
}

/** The one booking of a customer, read as staff would not: straight from its payment's creation at Stripe. */
async function bookingIdOf(customerId: string): Promise<string> {
  const created = relay.seen.filter(
    (r) =>
      r.path === '/v1/payment_intents' &&
      new URLSearchParams(r.body).get('metadata[customerId]') === customerId,
  );
  const id = new URLSearchParams(created[0]?.body).get('metadata[bookingId]');
  if (!id) throw new Error(`no payment was created for ${customerId}`);
  return id;
}

const intentsOf = (bookingId: string) =>
  relay.seen.filter((r) => r.path === '/v1/payment_intents' && r.idempotencyKey === `pay:${bookingId}`)
    .length;
