import { generateKeyPairSync } from 'node:crypto';
import {
  peerTlsEnv,
  startServiceUnderTest,
  testInfra,
  testLogger,
  uniqueName,
  waitFor,
} from '@travel/testkit';
import mongoose from 'mongoose';
import { readConfig as readBookingConfig } from '../../booking/src/config';
import { createBookingRepository } from '../../booking/src/db/booking.repository';
import { createBookingService } from '../../booking/src/service';
import { storedBooking } from '../../booking/test/stored-booking';
import { rebuildFromSources } from '../src/jobs/rebuild-from-sources';
import { all, type BookingFactInput, bookingEventsOn, reportsConfig, startReports } from './reports.fixture';

// Reports rebuilt on a platform older than Kafka's retention: the bookings are in booking's store, but the
// namespace reports reads has no event of them at all. The rebuild pages booking's ListBookingHistory and must
// come to the same figures as reports built from the events themselves.
const infra = testInfra();
const DAY1 = new Date('2026-04-01T09:00:00Z');
const DAY2 = new Date('2026-04-02T18:30:00Z');
const period = { from: '2026-04-01', to: '2026-04-02' };
const bookingDatabase = uniqueName('ct_reports_bk');
const tenantA = uniqueName('ten_a');
const tenantB = uniqueName('ten_b');

const history = [
  { tenantId: tenantA, type: 'flight', route: 'DEL → BOM', amount: 1000, createdAt: DAY1, cancelledAt: null },
  { tenantId: tenantA, type: 'flight', route: 'DEL → GOI', amount: 2000, createdAt: DAY1, cancelledAt: DAY2 },
  {
    tenantId: tenantB,
    type: 'hotel',
    route: 'Taj Palace, Mumbai',
    amount: 5000,
    createdAt: DAY2,
    cancelledAt: null,
  },
] as const;

it('when no topic holds the bookings, then a rebuild from booking history gives the figures the events gave', async () => {
  const bookingConfig = readBookingConfig({
    GRPC_PORT: '0',
    ...peerTlsEnv('booking'),
    MONGO_URL: infra.mongoUrl,
    MONGO_DATABASE: bookingDatabase,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    KAFKA_NAMESPACE: `${uniqueName('ct-reports-bk')}.`,
    OFFER_TOKEN_PUBLIC_KEY: generateKeyPairSync('ed25519')
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString(),
  });
  const booking = await startServiceUnderTest(createBookingService(bookingConfig, testLogger()));
  const store = await mongoose.createConnection(infra.mongoUrl, { dbName: bookingDatabase }).asPromise();
  const facts: BookingFactInput[] = [];
  for (const entry of history) {
    const stored = storedBooking({ ...entry, pendingEvents: [] });
    await createBookingRepository(store).insert(stored);
    facts.push({
      type: 'booking.created',
      tenantId: entry.tenantId,
      bookingId: stored.id,
      amount: entry.amount,
      service: entry.type,
      route: entry.route,
      occurredAt: entry.createdAt,
    });
    if (entry.cancelledAt) {
      await store
        .collection('bookings')
        .updateOne(
          { _id: stored.id as never },
          { $set: { status: 'Cancelled', closedAt: entry.cancelledAt } },
        );
      facts.push({
        type: 'booking.cancelled',
        tenantId: entry.tenantId,
        bookingId: stored.id,
        amount: entry.amount,
        service: entry.type,
        route: entry.route,
        occurredAt: entry.cancelledAt,
      });
    }
  }
  // A test-mode booking published nothing and counts nowhere.
  await createBookingRepository(store).insert(
    storedBooking({ tenantId: tenantA, livemode: false, amount: 9000, createdAt: DAY1, pendingEvents: [] }),
  );

  const eventsNamespace = uniqueName('ct-reports-ev');
  const publisher = await bookingEventsOn(eventsNamespace);
  const fromEvents = await startReports(reportsConfig(eventsNamespace));
  const emptyNamespace = uniqueName('ct-reports-empty');
  const rebuiltConfig = reportsConfig(emptyNamespace, { BOOKING_ADDRESS: booking.address });
  try {
    await publisher.publish(facts);
    const expected = await waitFor(
      async () => {
        const reply = await fromEvents.client.getSales({ ...all, ...period });
        expect(reply.totals).toMatchObject({ bookings: 3, cancellations: 1 });
        return reply;
      },
      { timeoutMs: 20_000, intervalMs: 200 },
    );

    expect(await rebuildFromSources(rebuiltConfig, testLogger())).toBe(4);
    const rebuilt = await startReports(rebuiltConfig);
    try {
      expect(await rebuilt.client.getSales({ ...all, ...period })).toEqual(expected);
      // Again onto the figures as they are: the same facts, nothing counted twice.
      await rebuilt.stop();
      expect(await rebuildFromSources(rebuiltConfig, testLogger())).toBe(4);
      const again = await startReports(rebuiltConfig);
      expect(await again.client.getSales({ ...all, ...period })).toEqual(expected);
      await again.stopAndDrop();
    } catch (error) {
      await rebuilt.stopAndDrop().catch(() => undefined);
      throw error;
    }
  } finally {
    await publisher.stop();
    await fromEvents.stopAndDrop();
    await store.dropDatabase();
    await store.close();
    await booking.stop();
  }
});
