import { bookingEvents, promotions } from '@travel/contracts';
import { createEventPublisher, createKafka, namespaced, newEventId } from '@travel/events';
import type { ServiceClient } from '@travel/grpc';
import {
  createServiceClient,
  peerTlsEnv,
  publishBytes,
  startServiceUnderTest,
  testInfra,
  testLogger,
  uniqueName,
  wireCallers,
} from '@travel/testkit';
import { readConfig } from '../src/config';
import { PROMOTIONS_CONSUMER_GROUP } from '../src/events/booking-events.consumer';
import { createPromotionsService } from '../src/service';

const infra = testInfra();
const topicOptions = { partitions: 3, replicationFactor: 1 };

export type PromotionsClient = ServiceClient<typeof promotions.PromotionsServiceDefinition>;

/** A clock the test moves: validity and reservations are decided by it. */
export function testClock(start = new Date()) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    set(to: Date) {
      at = to.getTime();
    },
    advance(ms: number) {
      at += ms;
    },
  };
}

/**
 * The promotions service in-process on its own database and Kafka namespace, and a producer of booking
 * events as the booking service writes them. `restart()` starts a new process on the same database.
 */
export async function startPromotions(clock = testClock(), env: Record<string, string> = {}) {
  const namespace = uniqueName('ct-promotions');
  const config = readConfig({
    GRPC_PORT: '0',
    ...peerTlsEnv('promotions'),
    MONGO_URL: infra.mongoUrl,
    MONGO_DATABASE: uniqueName('ct_promotions'),
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    KAFKA_NAMESPACE: namespace,
    ...env,
  });
  const start = async () => {
    const built = createPromotionsService(config, testLogger(), { now: clock.now });
    const service = await startServiceUnderTest(built);
    const client: PromotionsClient = createServiceClient(
      promotions.PromotionsServiceDefinition,
      service.address,
      { deadlineMs: 20_000 },
    );
    return { built, service, client };
  };
  let running = await start();
  const kafka = createKafka(infra.kafkaBrokers, uniqueName('ct-promotions-test'), testLogger(), namespace);
  const bookings = createEventPublisher({
    kafka,
    topics: ['booking.events'],
    topicOptions,
    logger: testLogger(),
  });
  await bookings.start();
  return {
    clock,
    namespace,
    get client() {
      return running.client;
    },
    get service() {
      return running.service;
    },
    /** The running process's database. */
    get connection() {
      return running.built.mongo.connection;
    },
    /** Publishes bytes that are no envelope onto `booking.events`, under `key`. */
    publishUndecodable: (key: string) => publishBytes(kafka, namespaced(kafka, 'booking.events'), key),
    expireReservations: () => running.built.expireReservations(),
    /**
     * True once the consumer has handled every booking event published so far: its group's committed
     * offsets (committed after the handler ran) reach the end of each partition.
     */
    async caughtUp() {
      const admin = kafka.admin();
      await admin.connect();
      try {
        const topic = namespaced(kafka, 'booking.events');
        const ends = await admin.fetchTopicOffsets(topic);
        const [committed] = await admin.fetchOffsets({
          groupId: namespaced(kafka, PROMOTIONS_CONSUMER_GROUP),
          topics: [topic],
        });
        const at = new Map(committed?.partitions.map((p) => [p.partition, Number(p.offset)]));
        return ends.every(
          ({ partition, high }) => Number(high) === 0 || (at.get(partition) ?? -1) >= Number(high),
        );
      } finally {
        await admin.disconnect();
      }
    },
    async restart() {
      await running.service.stop();
      running = await start();
    },
    /** Publishes a booking event as booking's outbox relay does; returns its event id. */
    async publishBooking(
      type: 'booking.created' | 'booking.cancelled',
      bookingId: string,
      eventId = newEventId(),
      voucherReservationKey?: string,
    ) {
      const payload = bookingEvents.BookingEvent.encode(
        bookingEvents.BookingEvent.fromPartial({
          id: bookingId,
          pnr: 'PNR234',
          type: 'flight',
          status: type === 'booking.created' ? 'Upcoming' : 'Cancelled',
          amount: 10_000,
          currency: 'INR',
          route: 'DEL → BOM',
          date: '2027-01-15',
          voucherReservationKey,
        }),
      ).finish();
      const event = {
        id: eventId,
        type,
        occurredAt: new Date(),
        tenantId: 'storefront',
        clientId: '',
        livemode: true,
        payload: Buffer.from(payload),
        key: bookingId,
      };
      await bookings.publish('booking.events', [event]);
      return eventId;
    },
    async stop() {
      await bookings.stop();
      await running.service.stop();
    },
  };
}

export type Promotions = Awaited<ReturnType<typeof startPromotions>>;

/** A voucher with a fresh code; `fields` override the defaults (fixed 500 INR, anyone, valid a day). */
export async function createVoucher(
  client: PromotionsClient,
  clock: { now: () => Date },
  fields: promotions.PromotionFields = {},
) {
  const from = clock.now();
  const reply = await client.createPromotion({
    caller: admin,
    kind: 'voucher',
    fields: {
      code: uniqueName('SAVE').replace(/[^A-Za-z0-9_-]/g, ''),
      amount: 500,
      validFrom: from,
      validUntil: new Date(from.getTime() + 86_400_000),
      ...fields,
    },
  });
  return reply.promotion as promotions.Promotion;
}

/** Platform staff managing every kind, and previewing (`bookings`). */
export const admin = wireCallers.platformStaff(['discounts', 'offers', 'vouchers', 'bookings']);

/** Booking's own job, as it redeems and settles vouchers. */
export const bookingJob = wireCallers.job('booking.voucher-redemption');

export const customer = (customerId = uniqueName('cus')) => ({ customerId });
export const tenant = (tenantId = uniqueName('ten')) => ({ tenantId });

/** The catalog code a call failed with (`ok` when it did not fail). */

/** The `details` of a `bad_request`, as the gateway would answer them. */
export async function detailsOf(call: Promise<unknown>): Promise<Array<{ path: string; message: string }>> {
  try {
    await call;
  } catch (error) {
    return (error as { details?: Array<{ path: string; message: string }> }).details ?? [];
  }
  throw new Error('expected the call to fail');
}

export { codeOf } from '@travel/testkit';
