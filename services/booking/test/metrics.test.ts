import { sampleOf } from '@travel/metrics';
import { createMongo } from '@travel/mongo';
import { generateOfferKeyPair } from '@travel/offer-tokens';
import { freePort, peerTlsEnv, testInfra, testLogger, uniqueName, waitFor } from '@travel/testkit';
import { createBookingRepository } from '../src/db/booking.repository';
import { caller } from './booking.fixture';
import { type BookingProcess, spawnBooking } from './booking-process';
import { pendingEvent, storedBooking } from './stored-booking';

// The built booking process as it runs in the stack (dist/main.js through runService), its metrics port
// scraped over HTTP: its gRPC calls are counted, and a booking whose event waits in the outbox shows in the
// backlog gauges (the relay's scan is an hour away, so an untold booking stays pending).
const infra = testInfra();
const database = uniqueName('ct_bk_metrics');
let service: BookingProcess;
let metricsUrl: string;
const mongo = createMongo({ url: infra.mongoUrl, database, logger: testLogger() });

beforeAll(async () => {
  const metricsPort = await freePort();
  metricsUrl = `http://127.0.0.1:${metricsPort}`;
  service = await spawnBooking({
    GRPC_PORT: String(await freePort()),
    ...peerTlsEnv('booking'),
    METRICS_PORT: String(metricsPort),
    MONGO_URL: infra.mongoUrl,
    MONGO_DATABASE: database,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    KAFKA_NAMESPACE: `${uniqueName('ct_bk_metrics')}.`,
    OFFER_TOKEN_PUBLIC_KEY: generateOfferKeyPair().publicKeyPem,
    OUTBOX_RESCAN_MS: '3600000',
  });
  await mongo.start();
  await mongo.migrate();
});
afterAll(async () => {
  await service?.kill();
  await mongo.stop();
});

const scrape = async () => {
  const res = await fetch(`${metricsUrl}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
};
const getBooking = (code: string) => ({
  grpc_service: 'travel.booking.v1.BookingService',
  grpc_method: 'GetBooking',
  grpc_code: code,
});

it('when the process runs, then its metrics port answers the process metrics and nothing else', async () => {
  const text = await scrape();
  expect(text).toContain('process_resident_memory_bytes');
  expect(text).toContain('nodejs_heap_size_used_bytes');
  expect((await fetch(`${metricsUrl}/`)).status).toBe(404);
});

it('when bookings are read and missed over gRPC, then the server counts each call by method and code', async () => {
  const stored = storedBooking({ clientId: 611, pendingEvents: [] });
  await createBookingRepository(mongo.connection).insert(stored);
  const before = await scrape();
  await service.client.getBooking({ caller: caller(611), id: stored.id });
  await service.client.getBooking({ caller: caller(611), id: stored.id });
  await expect(service.client.getBooking({ caller: caller(611), id: 'bkg_missing' })).rejects.toMatchObject({
    code: 'not_found',
  });
  const after = await scrape();
  const moved = (code: string) =>
    sampleOf(after, 'grpc_server_handled_total', getBooking(code)) -
    sampleOf(before, 'grpc_server_handled_total', getBooking(code));
  expect({ ok: moved('OK'), notFound: moved('NOT_FOUND') }).toEqual({ ok: 2, notFound: 1 });
  expect(after).not.toContain(stored.id);
});

it('when a booking holds an event nobody relayed, then the backlog and the outbox age show; once the relay publishes it, the age is 0', async () => {
  expect(sampleOf(await scrape(), 'booking_outbox_pending_bookings')).toBe(0);
  const waiting = { ...pendingEvent('booking.created'), occurredAt: new Date(Date.now() - 90_000) };
  const stuck = storedBooking({ clientId: 612, pendingEvents: [waiting] });
  await createBookingRepository(mongo.connection).insert(stuck);
  const text = await scrape();
  expect(sampleOf(text, 'booking_outbox_pending_bookings')).toBe(1);
  expect(sampleOf(text, 'outbox_oldest_pending_seconds', { outbox: 'booking' })).toBeGreaterThanOrEqual(90);
  expect(sampleOf(text, 'outbox_oldest_pending_seconds', { outbox: 'booking' })).toBeLessThan(200);
  // A cancel tells the relay everything the booking holds, the stuck `booking.created` first: both go out.
  await service.client.cancelBooking({ caller: caller(612), id: stuck.id });
  await waitFor(async () => {
    const after = await scrape();
    expect(sampleOf(after, 'booking_outbox_pending_bookings')).toBe(0);
    expect(sampleOf(after, 'outbox_oldest_pending_seconds', { outbox: 'booking' })).toBe(0);
  });
});
