import { bookingEvents, reports } from '@travel/contracts';
import { createEventPublisher, createKafka, namespaced, newEventId } from '@travel/events';
import type { ServiceClient } from '@travel/grpc';
import {
  createServiceClient,
  peerTlsEnv,
  publishBytes,
  staffCaller,
  startServiceUnderTest,
  testInfra,
  testLogger,
  uniqueName,
} from '@travel/testkit';
import mongoose from 'mongoose';
import { type ReportsConfig, readConfig } from '../src/config';
import { createReportsService } from '../src/service';

const infra = testInfra();
const topicOptions = { partitions: 3, replicationFactor: 1 };

export type ReportsClient = ServiceClient<typeof reports.ReportsServiceDefinition>;

/** The configuration of one reports process on a namespace of its own (or a given one, to replay it). */
export function reportsConfig(namespace: string, overrides: Record<string, string> = {}): ReportsConfig {
  return readConfig({
    GRPC_PORT: '0',
    ...peerTlsEnv('reports'),
    MONGO_URL: infra.mongoUrl,
    MONGO_DATABASE: uniqueName('ct_reports'),
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    KAFKA_NAMESPACE: namespace,
    ...overrides,
  });
}

/** The reports service in-process with a gRPC client; `drop()` deletes its database. */
export async function startReports(config: ReportsConfig) {
  const built = createReportsService(config, testLogger());
  const service = await startServiceUnderTest(built);
  const client: ReportsClient = createServiceClient(reports.ReportsServiceDefinition, service.address, {
    deadlineMs: 20_000,
  });
  return {
    client,
    config,
    /** The service's gRPC address and database (parked events, and what it stored). */
    address: service.address,
    connection: built.mongo.connection,
    stop: () => service.stop(),
    async drop() {
      await built.mongo.connection.dropDatabase();
    },
    async stopAndDrop() {
      await built.mongo.connection.dropDatabase();
      await service.stop();
    },
  };
}

export type Reports = Awaited<ReturnType<typeof startReports>>;

export interface BookingFactInput {
  type: 'booking.created' | 'booking.cancelled';
  /** Empty: a storefront booking (a customer's, no tenant). */
  tenantId: string;
  bookingId: string;
  amount: number;
  service?: 'flight' | 'hotel' | 'car';
  route?: string;
  livemode?: boolean;
  occurredAt?: Date;
  /** The partition key; the booking id unless given. */
  key?: string;
}

/** Publishes booking events on a namespace as booking's outbox relay does. */
export async function bookingEventsOn(namespace: string) {
  const kafka = createKafka(infra.kafkaBrokers, uniqueName('ct-reports-test'), testLogger(), namespace);
  const publisher = createEventPublisher({
    kafka,
    topics: ['booking.events'],
    topicOptions,
    logger: testLogger(),
  });
  await publisher.start();
  return {
    /** Publishes the facts in order (each with a new event id unless given); returns the envelopes' ids. */
    async publish(facts: Array<BookingFactInput & { eventId?: string }>): Promise<string[]> {
      const envelopes = facts.map((fact) => toEnvelope(fact, fact.eventId ?? newEventId()));
      await publisher.publish('booking.events', envelopes);
      return envelopes.map((envelope) => envelope.id);
    },
    /** Publishes bytes that are no envelope onto `booking.events`, under `key`. */
    publishUndecodable: (key: string) => publishBytes(kafka, namespaced(kafka, 'booking.events'), key),
    stop: () => publisher.stop(),
  };
}

const ROUTES = { flight: 'DEL → BOM', hotel: 'Taj Palace, Mumbai', car: 'Swift Dzire, Goa' } as const;

function toEnvelope(fact: BookingFactInput, eventId: string) {
  const service = fact.service ?? 'flight';
  const payload = bookingEvents.BookingEvent.encode(
    bookingEvents.BookingEvent.fromPartial({
      id: fact.bookingId,
      pnr: 'PNR234',
      type: service,
      status: fact.type === 'booking.created' ? 'Upcoming' : 'Cancelled',
      amount: fact.amount,
      currency: 'INR',
      route: fact.route ?? ROUTES[service],
      date: '2027-01-15',
    }),
  ).finish();
  return {
    id: eventId,
    type: fact.type,
    occurredAt: fact.occurredAt ?? new Date(),
    tenantId: fact.tenantId,
    clientId: fact.tenantId ? '7' : '',
    livemode: fact.livemode ?? true,
    payload: Buffer.from(payload),
    key: fact.key ?? fact.bookingId,
  };
}

/** Platform staff, as the gateway sends them: every tenant, one tenant, or the storefront's bookings. */
export const PLATFORM = staffCaller({ userId: 'usr_ct_platform', email: 'ops@partner-travel.example' });
export const all = { caller: PLATFORM };
export const tenant = (tenantId: string) => ({ caller: PLATFORM, tenantId });
export const storefront = { caller: PLATFORM, tenantId: 'storefront' };

/** How many sale facts a reports database holds, read directly (to see that a rebuild emptied it). */
export async function saleFactsIn(config: ReportsConfig): Promise<number> {
  const connection = await mongoose
    .createConnection(config.MONGO_URL, { dbName: config.MONGO_DATABASE })
    .asPromise();
  try {
    return await connection.collection('sale_facts').countDocuments();
  } finally {
    await connection.close();
  }
}

export { codeOf } from '@travel/testkit';
