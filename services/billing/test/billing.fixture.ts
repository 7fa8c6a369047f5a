import { randomBytes } from 'node:crypto';
import { billing, bookingEvents, invoiceEvents, paymentGateways, wallet } from '@travel/contracts';
import {
  createBroadcastSubscriber,
  createEventPublisher,
  createKafka,
  type EventEnvelope,
  namespaced,
  newEventId,
} from '@travel/events';
import type { ServiceClient } from '@travel/grpc';
import {
  createServiceClient,
  freshIdempotency,
  peerTlsEnv,
  publishBytes,
  startServiceUnderTest,
  testInfra,
  testLogger,
  uniqueName,
  waitFor,
  wireCallers,
} from '@travel/testkit';
import { readConfig } from '../src/config';
import { createBillingService } from '../src/service';

const infra = testInfra();
const topicOptions = { partitions: 3, replicationFactor: 1 };

export type BillingClient = ServiceClient<typeof billing.BillingServiceDefinition>;
export type WalletClient = ServiceClient<typeof wallet.WalletServiceDefinition>;
export type GatewayClient = ServiceClient<typeof paymentGateways.PaymentGatewayServiceDefinition>;

/** One sealing key per test run (the launcher makes one per stack). */
export const TEST_SEALING_KEYS = `t1:${randomBytes(32).toString('base64')}`;

/**
 * The billing service in-process on its own database and Kafka namespace, a producer of booking events
 * as the booking service writes them, and a listener on `billing.events`.
 */
export async function startBilling(env: Record<string, string> = {}) {
  const namespace = uniqueName('ct-billing');
  const built = createBillingService(
    readConfig({
      GRPC_PORT: '0',
      ...peerTlsEnv('billing'),
      MONGO_URL: infra.mongoUrl,
      MONGO_DATABASE: uniqueName('ct_billing'),
      KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      KAFKA_NAMESPACE: namespace,
      OUTBOX_POLL_MS: '200',
      SEALING_KEYS: TEST_SEALING_KEYS,
      // The test stacks' setting (the launcher's); the fail-closed tests turn it off.
      PAYMENT_SIMULATOR: 'true',
      ...env,
    }),
    testLogger(),
  );
  const service = await startServiceUnderTest(built);
  const client: BillingClient = createServiceClient(billing.BillingServiceDefinition, service.address, {
    deadlineMs: 20_000,
  });
  const options = { deadlineMs: 20_000 };
  const walletClient: WalletClient = createServiceClient(
    wallet.WalletServiceDefinition,
    service.address,
    options,
  );
  const gatewayClient: GatewayClient = createServiceClient(
    paymentGateways.PaymentGatewayServiceDefinition,
    service.address,
    options,
  );
  const kafka = createKafka(infra.kafkaBrokers, uniqueName('ct-billing-test'), testLogger(), namespace);
  const bookings = createEventPublisher({
    kafka,
    topics: ['booking.events'],
    topicOptions,
    logger: testLogger(),
  });
  await bookings.start();
  const paid: EventEnvelope[] = [];
  const listener = createBroadcastSubscriber({
    kafka,
    topic: 'billing.events',
    topicOptions,
    groupPrefix: 'ct-billing-listener',
    onEvent: (event) => paid.push(event),
    logger: testLogger(),
  });
  await listener.start();
  const lines = built.mongo.connection.collection('invoice_lines');
  return {
    /** The service's gRPC address (for clients of its other services: parked events). */
    address: service.address,
    namespace,
    client,
    wallet: walletClient,
    gateways: gatewayClient,
    /** The service's own database (tests read what it stored, never through another way). */
    db: built.mongo.connection,
    /** Every event on `billing.events` since the start (`invoice.paid`, `payment.captured`, `refund.completed`). */
    paid,
    /** Publishes a booking event as booking's outbox relay does; returns its event id. */
    async publishBooking(fact: BookingFactInput, eventId = newEventId()) {
      await bookings.publish('booking.events', [toEnvelope(fact, eventId)]);
      return eventId;
    },
    /** Publishes bytes that are no envelope onto `booking.events`, under `key`. */
    publishUndecodable: (key: string) => publishBytes(kafka, namespaced(kafka, 'booking.events'), key),
    /** Waits until the tenant has this many lines (the consumer is asynchronous). */
    async linesOf(tenantId: string, count: number) {
      return waitFor(async () => {
        const found = await lines.countDocuments({ tenantId });
        if (found !== count) throw new Error(`tenant ${tenantId} has ${found} lines, expected ${count}`);
        return found;
      });
    },
    async stop() {
      await listener.stop();
      await bookings.stop();
      await service.stop();
    },
  };
}

export type Billing = Awaited<ReturnType<typeof startBilling>>;

export interface BookingFactInput {
  type: 'booking.created' | 'booking.cancelled';
  tenantId: string;
  bookingId: string;
  amount: number;
  livemode?: boolean;
  /** Whether the booking was made from simulated supply (booking's outbox always says; absent: an older event). */
  simulated?: boolean;
}

function toEnvelope(fact: BookingFactInput, eventId: string) {
  const payload = bookingEvents.BookingEvent.encode({
    id: fact.bookingId,
    pnr: 'PNR234',
    type: 'flight',
    status: fact.type === 'booking.created' ? 'Upcoming' : 'Cancelled',
    amount: fact.amount,
    currency: 'INR',
    route: 'DEL → BOM',
    date: '2027-01-15',
    ...(fact.simulated === undefined ? {} : { simulated: fact.simulated }),
  }).finish();
  return {
    id: eventId,
    type: fact.type,
    occurredAt: new Date(),
    tenantId: fact.tenantId,
    clientId: '7',
    livemode: fact.livemode ?? true,
    payload: Buffer.from(payload),
    key: fact.bookingId,
  };
}

export const decodePaid = (event: EventEnvelope) => invoiceEvents.InvoiceEvent.decode(event.payload);

export const partner = (tenantId: string | undefined, environment = 'live') =>
  wireCallers.partner(tenantId, environment);

/** Platform staff holding the billing desk's, the settings' and customer support's rights. */
export const staff = wireCallers.platformStaff(['tenants', 'settings', 'bookings']);

/** Booking's own job, as it pays and refunds storefront bookings. */
export const bookingJob = wireCallers.job('booking.test');

/** A fresh tenant id per test: tests own their data. */
export const newTenant = () => uniqueName('ten');

/** A sent invoice of a given amount for a fresh tenant. */
export async function sentInvoice(client: BillingClient, amount: number, tenantId = newTenant()) {
  const created = await client.createInvoice({ caller: staff, tenantId, amount });
  const id = created.invoice?.id ?? '';
  await client.updateInvoice({ caller: staff, id, status: 'sent' });
  return { id, tenantId };
}

export const pay = (client: BillingClient, invoiceId: string, amount: number) =>
  client.recordPayment({ caller: staff, invoiceId, amount, method: 'bank_transfer', ...freshIdempotency() });

/** The catalog code a call failed with (`ok` when it did not fail). */

export { codeOf } from '@travel/testkit';
