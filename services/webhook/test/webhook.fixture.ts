import { bookingEvents, caller as callerContract, invoiceEvents, webhook } from '@travel/contracts';
import {
  createEventPublisher,
  createKafka,
  namespaced,
  newEventId,
  type OutgoingEvent,
} from '@travel/events';
import { jobCaller, type ServiceClient } from '@travel/grpc';
import {
  createServiceClient,
  peerTlsEnv,
  publishBytes,
  startReceiver,
  startServiceUnderTest,
  testInfra,
  testLogger,
  uniqueName,
} from '@travel/testkit';
import { readConfig } from '../src/config';
import { createWebhookService, type WebhookServiceOptions } from '../src/service';

const infra = testInfra();

export type WebhookClient = ServiceClient<typeof webhook.WebhookServiceDefinition>;

/** A caller as the gateway names it: tenant `ten_a`, live, unless told otherwise. */
export function caller(clientId: number, environment = 'live', tenantId = 'ten_a'): callerContract.Caller {
  return {
    ...jobCaller(''),
    kind: callerContract.Caller_Kind.KIND_PARTNER_CLIENT,
    tenantId,
    clientId,
    environment,
    requestId: 'req_test',
  };
}

/** Support's view of deliveries (every client's): an internal job, as no HTTP route exposes it. */
export const SUPPORT = jobCaller('webhook.support-test');

/** A webhook service's environment on its own database and Kafka namespace, with shortened retries. */
export function webhookEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    GRPC_PORT: '0',
    ...peerTlsEnv('webhook'),
    MONGO_URL: infra.mongoUrl,
    MONGO_DATABASE: uniqueName('ct_webhook'),
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    KAFKA_NAMESPACE: `${uniqueName('ct-wh')}.`,
    WEBHOOK_RETRY_DELAYS: '300ms,600ms,900ms,1200ms,1500ms',
    WEBHOOK_POLL_MS: '100',
    // An endpoint's breaker holds as briefly as the retries wait here (its 30 s would outlast every test).
    WEBHOOK_BREAKER_OPEN_MS: '200',
    ...overrides,
  };
}

export const webhookClient = (address: string): WebhookClient =>
  createServiceClient(webhook.WebhookServiceDefinition, address, { deadlineMs: 20_000 });

/** The webhook service in-process with that environment, and a gRPC client of it. */
export async function startWebhook(env: Record<string, string>, options: WebhookServiceOptions = {}) {
  const built = createWebhookService(readConfig(env), testLogger(), options);
  const service = await startServiceUnderTest(built);
  const client = webhookClient(service.address);
  const { address, health } = service;
  return { client, address, connection: built.mongo.connection, health, stop: () => service.stop() };
}

/** Publishes events as booking and billing do, into the namespace of `env`. */
export async function startPublisher(env: Record<string, string>) {
  const kafka = createKafka(infra.kafkaBrokers, uniqueName('ct-wh-pub'), testLogger(), env.KAFKA_NAMESPACE);
  const publisher = createEventPublisher({
    kafka,
    topics: ['booking.events', 'billing.events'],
    topicOptions: { partitions: 3, replicationFactor: 1 },
    logger: testLogger(),
  });
  await publisher.start();
  return {
    publish: (topic: 'booking.events' | 'billing.events', event: OutgoingEvent) =>
      publisher.publish(topic, [event]),
    /** Publishes bytes that are no envelope onto `booking.events`, under `key`. */
    publishUndecodable: (key: string) => publishBytes(kafka, namespaced(kafka, 'booking.events'), key),
    stop: () => publisher.stop(),
  };
}

/**
 * The webhook service and a publisher for a whole test file (started before its tests, stopped after, with
 * the receivers the tests started through `receiver`).
 */
export function webhookForThisFile(env: Record<string, string>) {
  const started: {
    service?: Awaited<ReturnType<typeof startWebhook>>;
    publisher?: Awaited<ReturnType<typeof startPublisher>>;
  } = {};
  const receivers: Array<{ stop(): Promise<void> }> = [];
  beforeAll(async () => {
    started.service = await startWebhook(env);
    started.publisher = await startPublisher(env);
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.stop()));
    await started.publisher?.stop();
    await started.service?.stop();
  });
  return {
    service: () => started.service as Awaited<ReturnType<typeof startWebhook>>,
    publisher: () => started.publisher as Awaited<ReturnType<typeof startPublisher>>,
    async receiver(...args: Parameters<typeof startReceiver>) {
      const receiver = await startReceiver(...args);
      receivers.push(receiver);
      return receiver;
    },
  };
}

/** A `booking.created` (or `.cancelled`) of this client, as booking's outbox relay sends it. */
export function bookingEvent(
  clientId: number,
  options: { type?: string; livemode?: boolean; tenantId?: string; id?: string } = {},
): OutgoingEvent {
  const type = options.type ?? 'booking.created';
  const payload = Buffer.from(
    bookingEvents.BookingEvent.encode({
      id: 'bkg_41',
      pnr: 'K7QX2M',
      type: 'flight',
      status: type === 'booking.cancelled' ? 'Cancelled' : 'Upcoming',
      amount: 10_815,
      currency: 'INR',
      reference: 'PO-1001',
      route: 'DEL → BOM',
      date: '2027-01-15',
      simulated: true,
    }).finish(),
  );
  return {
    id: options.id ?? newEventId(),
    type,
    occurredAt: new Date(),
    tenantId: options.tenantId ?? 'ten_a',
    clientId: String(clientId),
    livemode: options.livemode ?? true,
    payload,
    key: 'bkg_41',
  };
}

/** An `invoice.paid` of a tenant, as billing sends it. */
export function invoicePaidEvent(tenantId: string): OutgoingEvent {
  const payload = Buffer.from(
    invoiceEvents.InvoiceEvent.encode({
      id: 'inv_7',
      number: 'INV-2026-000007',
      amount: 21_630,
      paidAmount: 21_630,
      status: 'paid',
      dueDate: '2026-12-05',
    }).finish(),
  );
  return {
    id: newEventId(),
    type: 'invoice.paid',
    occurredAt: new Date(),
    tenantId,
    clientId: '',
    livemode: true,
    payload,
    key: 'inv_7',
  };
}
