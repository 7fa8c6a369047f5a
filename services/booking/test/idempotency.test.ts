import { bookingEvents } from '@travel/contracts';
import { freePort, uniqueName, waitFor } from '@travel/testkit';
import {
  bookingEnv,
  caller,
  createRequest,
  listenToBookingEvents,
  type SearchAndPricing,
  startBooking,
  startSearchAndPricing,
} from './booking.fixture';
import { spawnBooking } from './booking-process';

// Idempotency under concurrency and crashes (issue 5): one key, one body → one booking, whatever happens.
let world: SearchAndPricing;
let events: Awaited<ReturnType<typeof listenToBookingEvents>>;
const namespace = `${uniqueName('ct_bk_idem')}.`;
const LEASE_MS = 1500;

beforeAll(async () => {
  world = await startSearchAndPricing();
  events = await listenToBookingEvents(namespace);
});
afterAll(async () => {
  await events?.stop();
  await world?.stop();
});

const createdEventsOf = (id: string) =>
  events.heard.filter(
    (e) => e.type === 'booking.created' && bookingEvents.BookingEvent.decode(e.payload).id === id,
  );
/** The catalog code our gRPC client turns a failed call into. */
const codeOf = (error: unknown) => (error as { code?: string }).code;

it('when 50 identical requests race with one key, then one booking and one booking.created; the rest replay it or hear 409 idempotency_key_in_use', async () => {
  const service = await startBooking(bookingEnv(world, uniqueName('ct_bk_race'), namespace));
  try {
    const who = caller(201);
    const request = createRequest(who, (await world.flightOffer(who)).token, uniqueName('race'));
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () =>
        service.client.createBooking(request).then(
          (reply) => ({ ok: reply }),
          (error: unknown) => ({ failed: codeOf(error) }),
        ),
      ),
    );
    const booked = outcomes.flatMap((o) => ('ok' in o ? [o.ok] : []));
    const failures = outcomes.flatMap((o) => ('failed' in o ? [o.failed] : []));
    expect(failures.filter((code) => code !== 'idempotency_key_in_use')).toEqual([]); // 409 in use, never 5xx
    expect(booked.length).toBeGreaterThan(0);
    expect(new Set(booked.map((reply) => reply.booking?.id)).size).toBe(1);
    expect(booked.filter((reply) => !reply.replayed)).toHaveLength(1);
    const id = booked[0]?.booking?.id ?? '';
    expect(
      (await service.client.listBookings({ caller: who, limit: 100 })).bookings.map((b) => b.id),
    ).toEqual([id]);
    await waitFor(() => expect(createdEventsOf(id)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(createdEventsOf(id)).toHaveLength(1);
  } finally {
    await service.stop();
  }
});

describe.each(['after-claim', 'after-booking-write', 'before-answer'])(
  'when the process is killed %s',
  (point) => {
    it('then a retry with the same key after a restart ends with one booking, the same id and amount, and its event', async () => {
      const env = {
        ...bookingEnv(world, uniqueName('ct_bk_crash'), namespace),
        GRPC_PORT: String(await freePort()),
        IDEMPOTENCY_LEASE_MS: String(LEASE_MS),
      };
      const who = caller(210);
      const offer = await world.flightOffer(who);
      const request = createRequest(who, offer.token, uniqueName('crash'));
      const doomed = await spawnBooking({ ...env, BOOKING_CRASH_AT: point });
      await expect(doomed.client.createBooking(request)).rejects.toMatchObject({
        code: 'service_unavailable',
      });
      expect(await doomed.exited).toBe('SIGKILL');

      const restarted = await spawnBooking(env);
      try {
        // Inside the dead request's lease a retry hears 409 (it may still be running); after it, it finishes.
        const first = await waitFor(() => restarted.client.createBooking(request), {
          timeoutMs: 10_000,
          intervalMs: 200,
        });
        const again = await restarted.client.createBooking(request);
        expect(again.replayed).toBe(true);
        expect(again.booking?.id).toBe(first.booking?.id);
        expect(again.booking?.amount).toBe(offer.total);
        expect(first.booking?.amount).toBe(offer.total);
        const list = await restarted.client.listBookings({ caller: who, limit: 100 });
        expect(list.bookings.map((b) => b.id)).toEqual([first.booking?.id]);
        await waitFor(() => expect(createdEventsOf(first.booking?.id ?? '').length).toBeGreaterThan(0));
      } finally {
        await restarted.kill();
      }
    });
  },
);
