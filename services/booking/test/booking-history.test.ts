import { bookingEvents, bookingHistory, caller as callerContract } from '@travel/contracts';
import { jobCaller } from '@travel/grpc';
import { createMongo } from '@travel/mongo';
import { generateOfferKeyPair } from '@travel/offer-tokens';
import {
  createServiceClient,
  peerTlsEnv,
  startServiceUnderTest,
  testInfra,
  testLogger,
  uniqueName,
} from '@travel/testkit';
import { readConfig } from '../src/config';
import { createBookingRepository } from '../src/db/booking.repository';
import { createBookingService } from '../src/service';
import { storedBooking } from './stored-booking';

// ListBookingHistory: every live booking's published events rendered again from the store, in booking-number
// pages, for read models rebuilt without Kafka (reports). Only internal jobs and platform staff may read it.
const infra = testInfra();
const database = uniqueName('ct_bk_history');
const mongo = createMongo({ url: infra.mongoUrl, database, logger: testLogger() });
const DAY1 = new Date('2026-05-01T08:00:00Z');
const DAY2 = new Date('2026-05-03T20:00:00Z');
let stop: () => Promise<void>;
let client: ReturnType<typeof createServiceClient<typeof bookingHistory.BookingHistoryServiceDefinition>>;

beforeAll(async () => {
  const config = readConfig({
    GRPC_PORT: '0',
    ...peerTlsEnv('booking'),
    MONGO_URL: infra.mongoUrl,
    MONGO_DATABASE: database,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    KAFKA_NAMESPACE: `${uniqueName('ct_bk_history')}.`,
    OFFER_TOKEN_PUBLIC_KEY: generateOfferKeyPair().publicKeyPem,
  });
  const service = await startServiceUnderTest(createBookingService(config, testLogger()));
  stop = service.stop;
  client = createServiceClient(bookingHistory.BookingHistoryServiceDefinition, service.address, {
    deadlineMs: 20_000,
  });
  await mongo.start();
  await mongo.migrate();
});
afterAll(async () => {
  await mongo.connection.dropDatabase();
  await mongo.stop();
  await stop?.();
});

it('when live bookings exist, then pages in number order give each one created event (a storefront one when paid) and a cancelled one its cancel; test mode and unpaid none', async () => {
  const bookings = createBookingRepository(mongo.connection);
  const kept = storedBooking({ createdAt: DAY1, amount: 1000, pendingEvents: [] });
  const cancelled = storedBooking({ createdAt: DAY1, amount: 2000, pendingEvents: [] });
  const testMode = storedBooking({ createdAt: DAY1, livemode: false, pendingEvents: [] });
  const later = storedBooking({ createdAt: DAY2, amount: 3000, tenantId: 'ten_b', pendingEvents: [] });
  // A storefront booking announces itself once paid (DAY2, made on DAY1); one not yet paid, never.
  const part = (confirmedAt?: Date) => ({
    customerId: 'cus_1',
    useWallet: false,
    discount: 0,
    walletPaid: 0,
    charged: 900,
    paymentId: confirmedAt ? 'pay_1' : null,
    refundableOffer: true,
    refund: null,
    unsettled: !confirmedAt,
    ...(confirmedAt ? { confirmedAt } : {}),
  });
  const shop = { tenantId: '', clientId: 0, amount: 900, createdAt: DAY1, pendingEvents: [] };
  const paid = storedBooking({ ...shop, storefront: part(DAY2) });
  const unpaid = storedBooking({ ...shop, status: 'Pending', storefront: part() });
  for (const booking of [kept, cancelled, testMode, later, paid, unpaid]) await bookings.insert(booking);
  await mongo.connection
    .collection('bookings')
    .updateOne({ _id: cancelled.id as never }, { $set: { status: 'Cancelled', closedAt: DAY2 } });

  const job = jobCaller('reports.rebuild');
  const first = await client.listBookingHistory({ caller: job, after: 0, pageSize: 2 });
  expect(first.nextAfter).toBe(cancelled.number);
  const second = await client.listBookingHistory({ caller: job, after: first.nextAfter, pageSize: 2 });
  expect(second.nextAfter).toBe(paid.number);
  const third = await client.listBookingHistory({ caller: job, after: second.nextAfter, pageSize: 2 });
  expect(third).toEqual({ events: [], nextAfter: 0 });
  const events = [...first.events, ...second.events];
  expect(
    events.map((event) => {
      const payload = bookingEvents.BookingEvent.decode(event.payload);
      return [
        event.type,
        payload.id,
        payload.amount,
        event.tenantId,
        event.livemode,
        event.occurredAt?.toISOString(),
      ];
    }),
  ).toEqual([
    ['booking.created', kept.id, 1000, 'ten_a', true, DAY1.toISOString()],
    ['booking.created', cancelled.id, 2000, 'ten_a', true, DAY1.toISOString()],
    ['booking.cancelled', cancelled.id, 2000, 'ten_a', true, DAY2.toISOString()],
    ['booking.created', later.id, 3000, 'ten_b', true, DAY2.toISOString()],
    ['booking.created', paid.id, 900, '', true, DAY2.toISOString()],
  ]);
  expect(new Set(events.map((event) => event.id)).size).toBe(5);
});

it('when a partner client or no caller asks, then it is forbidden: the history spans every tenant', async () => {
  const partner = {
    ...jobCaller(''),
    kind: callerContract.Caller_Kind.KIND_PARTNER_CLIENT,
    tenantId: 'ten_a',
    clientId: 1,
    environment: 'live',
  };
  await expect(client.listBookingHistory({ caller: partner, after: 0, pageSize: 10 })).rejects.toMatchObject({
    code: 'forbidden',
  });
  await expect(client.listBookingHistory({ after: 0, pageSize: 10 })).rejects.toMatchObject({
    code: 'forbidden',
  });
});
