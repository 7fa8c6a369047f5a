import { booking, caller as callerContract, search } from '@travel/contracts';
import { createBroadcastSubscriber, createKafka, type EventEnvelope } from '@travel/events';
import { jobCaller, type ServiceClient } from '@travel/grpc';
import { generateOfferKeyPair } from '@travel/offer-tokens';
import {
  createServiceClient,
  inDays,
  peerTlsEnv,
  startServiceUnderTest,
  testInfra,
  testLogger,
  uniqueName,
  wireCallers,
} from '@travel/testkit';
import { readConfig as readPricingConfig } from '../../pricing/src/config';
import { createPricingService } from '../../pricing/src/service';
import { readConfig as readSearchConfig } from '../../search/src/config';
import { createSearchService } from '../../search/src/service';
import { type BookingConfig, readConfig } from '../src/config';
import { createBookingService } from '../src/service';

const infra = testInfra();

export type BookingClient = ServiceClient<typeof booking.BookingServiceDefinition>;

/** A caller as the gateway names it: `ten_a`/`live` unless told otherwise; `null`: a client without tenant. */
export function caller(clientId: number, tenantId: string | null = 'ten_a', environment = 'live') {
  return wireCallers.partner(tenantId ?? undefined, environment, clientId);
}

/** Platform staff with the right `bookings` (a customer's offline booking, a voucher), as the gateway passes. */
export const platformStaff = wireCallers.platformStaff(['bookings']);

/**
 * The real pricing and search services in-process, and everything a booking needs from them: offer
 * tokens exactly as partners get them. One key pair and one Kafka namespace per test file.
 */
export async function startSearchAndPricing() {
  const keys = generateOfferKeyPair();
  const pricingService = await startServiceUnderTest(
    createPricingService(
      readPricingConfig({
        GRPC_PORT: '0',
        ...peerTlsEnv('pricing'),
        MONGO_URL: infra.mongoUrl,
        MONGO_DATABASE: uniqueName('ct_bk_pricing'),
        KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      }),
      testLogger(),
    ),
  );
  const searchService = await startServiceUnderTest(
    createSearchService(
      readSearchConfig({
        GRPC_PORT: '0',
        ...peerTlsEnv('search'),
        // Hears pricing's rule changes (same namespace as pricing above) to drop the rates it holds.
        KAFKA_BROKERS: infra.kafkaBrokers.join(','),
        PRICING_ADDRESS: pricingService.address,
        OFFER_TOKEN_PRIVATE_KEY: keys.privateKeyPem,
      }),
      testLogger(),
    ),
  );
  const searchClient = createServiceClient(search.SearchServiceDefinition, searchService.address, {
    deadlineMs: 10_000,
  });
  return {
    keys,
    pricingAddress: pricingService.address,
    searchAddress: searchService.address,
    /** A fresh flight offer for this caller: its token and the total search showed for it. */
    async flightOffer(who: { tenantId?: string; clientId: number; environment: string }, daysAhead = 30) {
      const reply = await searchClient.searchFlights({
        caller: {
          ...jobCaller(''),
          kind: callerContract.Caller_Kind.KIND_PARTNER_CLIENT,
          tenantId: who.tenantId,
          clientId: who.clientId,
          environment: who.environment,
        },
        from: 'DEL',
        to: 'BOM',
        departDate: inDays(daysAhead),
        adults: 2,
        cabin: 'economy',
      });
      const offer = reply.onward[0];
      if (!offer?.price) throw new Error('search answered no offer');
      return { token: offer.offerToken, total: offer.price.total, offer };
    },
    async stop() {
      await searchService.stop();
      await pricingService.stop();
    },
  };
}

export type SearchAndPricing = Awaited<ReturnType<typeof startSearchAndPricing>>;

/** The environment of a booking service wired to that search and pricing, on its own database. */
export function bookingEnv(
  world: SearchAndPricing,
  database: string,
  namespace: string,
): Record<string, string> {
  return {
    GRPC_PORT: '0',
    ...peerTlsEnv('booking'),
    MONGO_URL: infra.mongoUrl,
    MONGO_DATABASE: database,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    KAFKA_NAMESPACE: namespace,
    PRICING_ADDRESS: world.pricingAddress,
    OFFER_TOKEN_PUBLIC_KEY: world.keys.publicKeyPem,
    OUTBOX_POLL_MS: '200',
  };
}

/** The booking service in-process with that environment. */
export async function startBooking(env: Record<string, string>, now?: () => Date) {
  const config: BookingConfig = readConfig(env);
  const service = await startServiceUnderTest(createBookingService(config, testLogger(), { now }));
  const client: BookingClient = createServiceClient(booking.BookingServiceDefinition, service.address, {
    deadlineMs: 20_000,
  });
  return { client, address: service.address, stop: () => service.stop() };
}

/** Everything published on `booking.events` in this namespace from now on. */
export async function listenToBookingEvents(namespace: string) {
  const heard: EventEnvelope[] = [];
  const subscriber = createBroadcastSubscriber({
    kafka: createKafka(infra.kafkaBrokers, uniqueName('ct-bk-listener'), testLogger(), namespace),
    topic: 'booking.events',
    topicOptions: { partitions: 3, replicationFactor: 1 },
    groupPrefix: 'ct-bk-listener',
    onEvent: (event) => heard.push(event),
    logger: testLogger(),
  });
  await subscriber.start();
  return { heard, stop: () => subscriber.stop() };
}

/** A valid create request for a token; vary what a test needs. */
export function createRequest(
  who: ReturnType<typeof caller>,
  token: string,
  idempotencyKey: string,
  fingerprint = 'a'.repeat(64),
): booking.CreateBookingRequest {
  return {
    caller: who,
    idempotencyKey,
    requestFingerprint: fingerprint,
    offerToken: token,
    contact: { name: 'Asha Rao', email: 'asha@example.com', phone: '+91 98000 00000' },
    travellers: [
      { firstName: 'Asha', lastName: 'Rao' },
      { firstName: 'Ravi', lastName: 'Rao' },
    ],
    reference: 'PO-1001',
  };
}

/** `count` bookings of one fresh offer for this caller, ten requests at a time; their ids in order. */
export async function bookMany(
  world: SearchAndPricing,
  client: BookingClient,
  who: ReturnType<typeof caller>,
  count: number,
): Promise<string[]> {
  const { token } = await world.flightOffer(who);
  const ids: string[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, () =>
      client.createBooking(createRequest(who, token, uniqueName('many'))),
    );
    for (const reply of await Promise.all(batch)) ids.push(reply.booking?.id ?? '');
  }
  return ids;
}
