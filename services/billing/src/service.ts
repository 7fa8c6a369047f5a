import { type AuditOutbox, createAuditOutbox } from '@travel/audit';
import { sealingKeysOf } from '@travel/config';
import { billing, paymentGateways, wallet } from '@travel/contracts';
import {
  AUDIT_ENTRIES_TOPIC,
  BILLING_EVENTS_TOPIC,
  createAuditRelay,
  createEventPublisher,
  createKafka,
  createOutboxRelay,
  createParkedEventStore,
  type EventPublisher,
  parkedEventsServiceOf,
  parkedStoreOptionsOf,
  retryBudgetOf,
} from '@travel/events';
import { createGrpcServer, reflectionOf, serverConnectionsOf, serverPeersOf } from '@travel/grpc';
import { createIdempotencyKeys, createIdempotencyRunner, type IdempotencyRunner } from '@travel/idempotency';
import { type Component, crashHook, createPeriodicJob } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { createCounters, createMongo, mongoOptionsOf } from '@travel/mongo';
import { createSealer } from '@travel/sealing';
import { createProviderRegistry } from './adapters/payment-providers/index';
import { stripeEndpointOf } from './adapters/payment-providers/stripe';
import type { BillingConfig } from './config';
import { collections } from './db/collections';
import { createInvoiceRepository } from './db/invoice.repository';
import { createLineRepository } from './db/line.repository';
import { createMarkRepository } from './db/mark.repository';
import { createPaymentRepository } from './db/payment.repository';
import { createPaymentGatewayRepository } from './db/payment-gateway.repository';
import { createStorefrontPayments } from './db/storefront-payment.repository';
import { createWalletEntries } from './db/wallet-entry.repository';
import { createCreateInvoice } from './domain/create-invoice';
import { createCredentialsCipher } from './domain/credentials-cipher';
import { createInvoiceViews } from './domain/invoice-views';
import { createPaymentGatewayAdmin } from './domain/manage-payment-gateways';
import { createMovePayment } from './domain/move-payment';
import { createPayBooking } from './domain/pay-booking';
import { createPaymentProviders } from './domain/payment-providers';
import { createGetInvoice, createListInvoices } from './domain/read-invoices';
import { createReadPaymentStatus } from './domain/read-payment-status';
import { createGetWallet, createListRefunds } from './domain/read-wallet';
import { createReceivePaymentWebhook } from './domain/receive-payment-webhook';
import { createRecordBookingEvent } from './domain/record-booking-event';
import { createRecordPayment } from './domain/record-payment';
import { createRefundBooking } from './domain/refund-booking';
import { createSettleInvoice } from './domain/settle-invoice';
import { createTopUpWallet } from './domain/top-up-wallet';
import { createUpdateInvoice } from './domain/update-invoice';
import { BILLING_CONSUMER_GROUP, createBookingEventsConsumer } from './events/booking-events.consumer';
import { createBillingGrpc } from './grpc/billing.grpc';
import { createPaymentGatewayGrpc } from './grpc/payment-gateway.grpc';
import { createWalletGrpc } from './grpc/wallet.grpc';

export interface BillingServiceOptions {
  /** The clock of invoices, payments and due dates; tests pass their own. */
  now?: () => Date;
}

/**
 * Billing owns invoices, their lines and payments. Wired by hand: repositories → use cases → gRPC, the
 * consumer of `booking.events` (lines), and the outbox relay of `invoice.paid` to `billing.events`.
 */
export function createBillingService(
  config: BillingConfig,
  logger: Logger,
  options: BillingServiceOptions = {},
) {
  const now = options.now ?? (() => new Date());
  const mongo = createMongo({ ...mongoOptionsOf(config), logger, collections });
  const kafka = createKafka(config.KAFKA_BROKERS, 'billing', logger, config.KAFKA_NAMESPACE, config);
  const topicOptions = {
    partitions: config.KAFKA_TOPIC_PARTITIONS,
    replicationFactor: config.KAFKA_REPLICATION_FACTOR,
  };
  const publisher = createEventPublisher({
    kafka,
    topics: [BILLING_EVENTS_TOPIC, AUDIT_ENTRIES_TOPIC],
    topicOptions,
    logger,
  });
  // Staff changes (payment gateways, top-ups, invoices) are stored with their audit entries; this relay takes
  // them to identity.
  const audit = createAuditOutbox();
  const auditRelay = createAuditRelay({ service: 'billing', outbox: audit, publisher, config, logger });
  const invoices = createInvoiceRepository(mongo.connection, audit);
  const lines = createLineRepository(mongo.connection);
  const marks = createMarkRepository(mongo.connection, audit);
  const payments = createPaymentRepository(mongo.connection, audit);
  // One runner for every idempotent operation of billing: top-ups and invoice payments (docs/idempotency.md).
  const idempotency = createIdempotencyRunner({
    keys: createIdempotencyKeys(mongo.connection, {
      leaseMs: config.IDEMPOTENCY_LEASE_MS,
      retentionMs: config.IDEMPOTENCY_RETENTION_HOURS * 3_600_000,
    }),
    now,
    leaseMs: config.IDEMPOTENCY_LEASE_MS,
  });
  const relay = createOutboxRelay({
    name: 'billing-invoices',
    source: marks.outbox,
    publisher,
    topic: BILLING_EVENTS_TOPIC,
    rescanMs: config.OUTBOX_RESCAN_MS,
  });
  const relayJob = createPeriodicJob({
    name: 'outbox-relay',
    everyMs: config.OUTBOX_POLL_MS,
    // Every settlement nudges it; idle, it backs off to ten polls (docs/decisions/billing.md).
    idleMaxMs: 10 * config.OUTBOX_POLL_MS,
    run: relay.run,
    logger,
  });
  const settle = createSettleInvoice({
    marks,
    now,
    // Settling names the mark, not its event: the relay finds it with its indexed scan, at once.
    eventsWritten: () => {
      relay.scanNext();
      relayJob.nudge();
    },
  });
  const views = createInvoiceViews({ invoices, lines, marks, payments, settle });
  const parkedEvents = createParkedEventStore(
    mongo.connection,
    'billing',
    audit,
    parkedStoreOptionsOf(config),
  );
  const consumer = createBookingEventsConsumer({
    kafka,
    groupId: BILLING_CONSUMER_GROUP,
    topicOptions,
    parkedEvents,
    retryBudget: retryBudgetOf(config),
    // No processed-id list: a line's `_id` derives from its booking, so a redelivery inserts nothing.
    recordBookingEvent: createRecordBookingEvent({ lines }),
    // Lines of different bookings are independent: the partitions' batches at once, their inserts combined.
    partitionsConsumedConcurrently: config.KAFKA_TOPIC_PARTITIONS,
    logger,
  });
  const billingGrpc = createBillingGrpc({
    createInvoice: createCreateInvoice({
      invoices,
      lines,
      counters: createCounters(mongo.connection),
      views,
      now,
      defaultDueDays: config.DEFAULT_DUE_DAYS,
    }),
    updateInvoice: createUpdateInvoice({ marks, lines, views, now }),
    recordPayment: createRecordPayment({ payments, idempotency, views, settle, now }),
    listInvoices: createListInvoices({ invoices, marks, views }),
    getInvoice: createGetInvoice({ invoices, marks, views }),
  });
  const money = createStorefrontMoney(
    config,
    logger,
    mongo.connection,
    { publisher, audit },
    now,
    idempotency,
  );
  const grpc = createGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    connections: serverConnectionsOf(config),
    reflection: reflectionOf(config),
    peers: serverPeersOf(config, 'billing'),
    services: [
      { definition: billing.BillingServiceDefinition, implementation: billingGrpc },
      { definition: wallet.WalletServiceDefinition, implementation: money.walletGrpc },
      { definition: paymentGateways.PaymentGatewayServiceDefinition, implementation: money.gatewayGrpc },
      parkedEventsServiceOf(parkedEvents, [consumer]),
    ],
    healthChecks: { mongodb: mongo.ping, kafka: publisher.ping },
    logger,
  });
  const components: Component[] = [mongo, publisher, relayJob, money.relayJob, auditRelay, consumer, grpc];
  return { components, grpc, mongo };
}

/**
 * The storefront's money: the wallet ledger, payments and refunds (with their own outbox relay to
 * `billing.events`), and the payment gateways.
 */
function createStorefrontMoney(
  config: BillingConfig,
  logger: Logger,
  connection: Parameters<typeof createWalletEntries>[0],
  { publisher, audit }: { publisher: EventPublisher; audit: AuditOutbox },
  now: () => Date,
  idempotency: IdempotencyRunner,
) {
  const counters = createCounters(connection);
  const crash = crashHook(config.BILLING_CRASH_AT);
  const entries = createWalletEntries(connection, { counters, now, crash, audit });
  const payments = createStorefrontPayments(connection);
  const gateways = createPaymentGatewayRepository(connection, audit);
  const relay = createOutboxRelay({
    name: 'billing-payments',
    source: payments.outbox,
    publisher,
    topic: BILLING_EVENTS_TOPIC,
    rescanMs: config.OUTBOX_RESCAN_MS,
  });
  const relayJob = createPeriodicJob({
    name: 'money-outbox-relay',
    everyMs: config.OUTBOX_POLL_MS,
    // Every payment or refund nudges it; idle, it backs off to ten polls (docs/decisions/billing.md).
    idleMaxMs: 10 * config.OUTBOX_POLL_MS,
    run: relay.run,
    logger,
  });
  // A payment or refund names its document, not its events: the relay finds them with its indexed scan, at once.
  const eventsWritten = () => {
    relay.scanNext();
    relayJob.nudge();
  };
  const cipher = createCredentialsCipher(createSealer(sealingKeysOf(config)));
  // Credentials are opened here, for the adapter's calls, and nowhere else.
  const providers = createPaymentProviders(
    gateways,
    createProviderRegistry({ cipher, stripeEndpoint: stripeEndpointOf(config.STRIPE_API_URL) }),
    { simulatorEnabled: config.PAYMENT_SIMULATOR },
  );
  const movePayment = createMovePayment({ payments, entries, now, eventsWritten, logger });
  const walletGrpc = createWalletGrpc({
    payBooking: createPayBooking({
      payments,
      entries,
      providers,
      movePayment,
      paymentExpiryMs: config.PAYMENT_EXPIRY_MS,
      now,
      crash,
      eventsWritten,
      logger,
    }),
    refundBooking: createRefundBooking({
      payments,
      entries,
      counters,
      providers,
      now,
      eventsWritten,
      logger,
    }),
    getWallet: createGetWallet({ entries }),
    listRefunds: createListRefunds({ payments }),
    topUpWallet: createTopUpWallet({ entries, idempotency, now }),
    receivePaymentWebhook: createReceivePaymentWebhook({ payments, providers, movePayment, logger }),
  });
  const gatewayGrpc = createPaymentGatewayGrpc(
    createPaymentGatewayAdmin({
      gateways,
      counters,
      cipher,
      simulatorEnabled: config.PAYMENT_SIMULATOR,
      now,
      logger,
    }),
    createReadPaymentStatus({ providers, simulatorEnabled: config.PAYMENT_SIMULATOR }),
  );
  return { relayJob, walletGrpc, gatewayGrpc };
}
