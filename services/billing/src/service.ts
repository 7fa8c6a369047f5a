import { billing } from '@travel/contracts';
import { BILLING_EVENTS_TOPIC, createEventPublisher, createKafka, createOutboxRelay } from '@travel/events';
import { createGrpcServer } from '@travel/grpc';
import { type Component, createPeriodicJob } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { createCounters, createMongo, createProcessedEvents, mongoOptionsOf } from '@travel/mongo';
import type { BillingConfig } from './config';
import { createInvoiceRepository } from './db/invoice.repository';
import { createLineRepository } from './db/line.repository';
import { createMarkRepository } from './db/mark.repository';
import { createPaymentRepository } from './db/payment.repository';
import { createCreateInvoice } from './domain/create-invoice';
import { createInvoiceViews } from './domain/invoice-views';
import {
  createGetInvoice,
  createGetPartnerInvoice,
  createListInvoices,
  createListPartnerInvoices,
} from './domain/read-invoices';
import { createRecordBookingEvent } from './domain/record-booking-event';
import { createRecordPayment } from './domain/record-payment';
import { createSettleInvoice } from './domain/settle-invoice';
import { createUpdateInvoice } from './domain/update-invoice';
import { BILLING_CONSUMER_GROUP, createBookingEventsConsumer } from './events/booking-events.consumer';
import { createBillingGrpc } from './grpc/billing.grpc';

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
  const mongo = createMongo({ ...mongoOptionsOf(config), logger });
  const kafka = createKafka(config.KAFKA_BROKERS, 'billing', logger, config.KAFKA_NAMESPACE);
  const topicOptions = {
    partitions: config.KAFKA_TOPIC_PARTITIONS,
    replicationFactor: config.KAFKA_REPLICATION_FACTOR,
  };
  const publisher = createEventPublisher({ kafka, topics: [BILLING_EVENTS_TOPIC], topicOptions, logger });
  const invoices = createInvoiceRepository(mongo.connection);
  const lines = createLineRepository(mongo.connection);
  const marks = createMarkRepository(mongo.connection);
  const payments = createPaymentRepository(mongo.connection);
  const relay = createOutboxRelay({
    source: marks.outbox,
    publisher,
    topic: BILLING_EVENTS_TOPIC,
    rescanMs: config.OUTBOX_RESCAN_MS,
  });
  const relayJob = createPeriodicJob({
    name: 'outbox-relay',
    everyMs: config.OUTBOX_POLL_MS,
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
  const consumer = createBookingEventsConsumer({
    kafka,
    groupId: BILLING_CONSUMER_GROUP,
    topicOptions,
    handledEvents: createProcessedEvents(mongo.connection),
    recordBookingEvent: createRecordBookingEvent({ lines }),
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
      logger,
    }),
    updateInvoice: createUpdateInvoice({ marks, lines, views, now, logger }),
    recordPayment: createRecordPayment({ payments, views, settle, now, logger }),
    listInvoices: createListInvoices({ invoices, marks, views }),
    getInvoice: createGetInvoice({ invoices, marks, views }),
    listPartnerInvoices: createListPartnerInvoices({ invoices, marks, views }),
    getPartnerInvoice: createGetPartnerInvoice({ invoices, marks, views }),
  });
  const grpc = createGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    services: [{ definition: billing.BillingServiceDefinition, implementation: billingGrpc }],
    healthChecks: { mongodb: mongo.ping, kafka: publisher.ping },
    logger,
  });
  const components: Component[] = [mongo, publisher, relayJob, consumer, grpc];
  return { components, grpc, mongo };
}
