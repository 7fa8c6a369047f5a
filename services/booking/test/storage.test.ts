import { createMongo } from '@travel/mongo';
import { testInfra, testLogger, uniqueName } from '@travel/testkit';
import { createBookingRepository } from '../src/db/booking.repository';
import { pendingEvent, storedBooking } from './stored-booking';

// The store-level guarantees the booking flow stands on, against the real store: each race decided by one
// atomic write (a unique index or a conditional update), and each hot query served by its index.
const mongo = createMongo({
  url: testInfra().mongoUrl,
  database: uniqueName('ct_bk_store'),
  logger: testLogger(),
});
const bookings = createBookingRepository(mongo.connection);

beforeAll(async () => {
  await mongo.start();
  await mongo.migrate();
});
afterAll(async () => {
  await mongo.connection.dropDatabase();
  await mongo.stop();
});

const owner = { tenantId: 'ten_a', clientId: 1, livemode: true };
const cancelled = () => pendingEvent('booking.cancelled');

it('when two finishers of one attempt insert at once, then one booking lands and the other finds it by the attempt', async () => {
  const attempt = uniqueName('att');
  const outcomes = await Promise.all([
    bookings.insert(storedBooking({ attempt })),
    bookings.insert(storedBooking({ attempt })),
  ]);
  expect([...outcomes].sort()).toEqual(['attempt_taken', 'inserted']);
  const winner = await bookings.findByAttempt(attempt);
  expect(winner?.status).toBe('Upcoming');
});

it('when a PNR is taken, then the insert says so rather than the attempt', async () => {
  const first = storedBooking();
  await bookings.insert(first);
  expect(await bookings.insert(storedBooking({ pnr: first.pnr }))).toBe('pnr_taken');
});

it('when a cancel lands while the relay publishes the created event, then clearing it leaves the cancelled event pending, in order', async () => {
  const booking = storedBooking();
  await bookings.insert(booking);
  const [createdEvent] = booking.pendingEvents;
  const cancel = cancelled();
  const after = await bookings.cancel(booking.id, owner, '2026-01-01', cancel);
  expect(after?.booking.status).toBe('Cancelled');
  expect(after?.events.map((e) => e.id)).toEqual([createdEvent?.id, cancel.id]);
  await bookings.clearEvents([booking.id], [createdEvent?.id ?? '']); // what the relay had read before
  const pending = (await bookings.withPendingEvents(1000)).find((p) => p.booking.id === booking.id);
  expect(pending?.events.map((e) => e.id)).toEqual([cancel.id]);
  await bookings.clearEvents([booking.id], [cancel.id]);
  expect((await bookings.withPendingEvents(1000)).some((p) => p.booking.id === booking.id)).toBe(false);
});

it('when 10 cancels race, then one lands; a travelled booking is not cancelled but completed', async () => {
  const booking = storedBooking();
  await bookings.insert(booking);
  const results = await Promise.all(
    Array.from({ length: 10 }, () => bookings.cancel(booking.id, owner, '2026-01-01', cancelled())),
  );
  expect(results.filter((r) => r !== null)).toHaveLength(1);
  const past = storedBooking({ date: '2020-01-01' });
  await bookings.insert(past);
  expect(await bookings.cancel(past.id, owner, '2026-01-01', cancelled())).toBeNull();
  expect(await bookings.cancel(past.id, { ...owner, clientId: 2 }, '2000-01-01', cancelled())).toBeNull();
  expect(await bookings.completePast('2026-01-01', new Date())).toBeGreaterThanOrEqual(1);
  expect((await bookings.findOwned(past.id, owner))?.status).toBe('Completed');
});

it('when the relay scans, the sweeper sweeps, a replay or a list reads, then each query is served by its own index', async () => {
  const collection = mongo.connection.collection('bookings');
  const indexOf = async (cursor: { explain(): Promise<unknown> }) => {
    const plan = JSON.stringify(await cursor.explain());
    return /"indexName":"([^"]+)"/.exec(plan)?.[1];
  };
  expect(
    await indexOf(
      collection
        .find({ 'pendingEvents.id': { $exists: true } })
        .sort({ number: 1 })
        .limit(500),
    ),
  ).toBe('outbox_pending');
  expect(await indexOf(collection.find({ status: 'Upcoming', date: { $lt: '2026-01-01' } }))).toBe(
    'upcoming_by_date',
  );
  expect(await indexOf(collection.find({ attempt: 'x' }))).toBe('attempt_1');
  expect(
    await indexOf(
      collection
        .find({ clientId: 1, livemode: true, tenantId: 'ten_a', number: { $lt: 10 } })
        .sort({ number: -1 })
        .limit(26),
    ),
  ).toBe('clientId_1_livemode_1_tenantId_1_number_-1');
});
