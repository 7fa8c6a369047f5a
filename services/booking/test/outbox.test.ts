import { bookingEvents } from '@travel/contracts';
import { createMongo } from '@travel/mongo';
import { testInfra, testLogger, uniqueName, waitFor } from '@travel/testkit';
import { createInMemorySpanExporter, SpanKind, startTracing } from '@travel/tracing';
import { createBookingRepository } from '../src/db/booking.repository';
import {
  bookingEnv,
  caller,
  createRequest,
  listenToBookingEvents,
  type SearchAndPricing,
  startBooking,
  startSearchAndPricing,
} from './booking.fixture';
import { pendingEvent, storedBooking } from './stored-booking';

// The outbox relay through the real service and Kafka: told writes go at once and in order, untold ones
// (another replica's) are found by the indexed scan.
let world: SearchAndPricing;
let events: Awaited<ReturnType<typeof listenToBookingEvents>>;
const namespace = `${uniqueName('ct_bk_outbox')}.`;

beforeAll(async () => {
  world = await startSearchAndPricing();
  events = await listenToBookingEvents(namespace);
});
afterAll(async () => {
  await events?.stop();
  await world?.stop();
});

const heardOf = (id: string) =>
  events.heard.filter((e) => bookingEvents.BookingEvent.decode(e.payload).id === id).map((e) => e.type);

it('when 20 live bookings are each cancelled at once, then each booking.created is heard before its booking.cancelled', async () => {
  const service = await startBooking(bookingEnv(world, uniqueName('ct_bk_order'), namespace));
  try {
    const who = caller(501);
    const { token } = await world.flightOffer(who);
    const ids = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const { booking } = await service.client.createBooking(createRequest(who, token, uniqueName('o')));
        await service.client.cancelBooking({ caller: who, id: booking?.id ?? '' });
        return booking?.id ?? '';
      }),
    );
    for (const id of ids) {
      await waitFor(() => expect(heardOf(id)).toContain('booking.cancelled'));
      const heard = heardOf(id);
      expect(heard.indexOf('booking.created')).toBeGreaterThanOrEqual(0);
      expect(heard.indexOf('booking.created')).toBeLessThan(heard.indexOf('booking.cancelled'));
    }
  } finally {
    await service.stop();
  }
});

it('when another replica wrote a booking and died before relaying it, then the scan publishes its event', async () => {
  const database = uniqueName('ct_bk_untold');
  const service = await startBooking({ ...bookingEnv(world, database, namespace), OUTBOX_RESCAN_MS: '300' });
  const mongo = createMongo({ url: testInfra().mongoUrl, database, logger: testLogger() });
  await mongo.start();
  await mongo.migrate();
  try {
    const booking = storedBooking({ clientId: 502 });
    await createBookingRepository(mongo.connection).insert(booking);
    await waitFor(() => expect(heardOf(booking.id)).toEqual(['booking.created']));
  } finally {
    await mongo.stop();
    await service.stop();
  }
});

it("when a stored event keeps its request's traceparent, then the relay's publish continues that trace, even from another replica", async () => {
  const exporter = createInMemorySpanExporter();
  const tracing = startTracing({ serviceName: 'booking', exporter });
  const database = uniqueName('ct_bk_traced');
  const service = await startBooking({ ...bookingEnv(world, database, namespace), OUTBOX_RESCAN_MS: '300' });
  const mongo = createMongo({ url: testInfra().mongoUrl, database, logger: testLogger() });
  await mongo.start();
  await mongo.migrate();
  try {
    // Written by a replica that died before relaying it: only the stored entry knows the request's trace.
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const event = { ...pendingEvent('booking.created'), traceparent };
    const booking = storedBooking({ clientId: 503, pendingEvents: [event] });
    await createBookingRepository(mongo.connection).insert(booking);
    const sent = () =>
      exporter
        .getFinishedSpans()
        .find(
          (span) => span.kind === SpanKind.PRODUCER && span.attributes['messaging.message.id'] === event.id,
        );
    await waitFor(() => expect(sent()).toBeDefined());
    expect(sent()?.spanContext().traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(sent()?.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    await waitFor(() => expect(heardOf(booking.id)).toEqual(['booking.created']));
  } finally {
    await mongo.stop();
    await service.stop();
    await tracing.stop();
  }
});
