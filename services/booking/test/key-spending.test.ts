import { keySpending } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { createMongo } from '@travel/mongo';
import {
  codeOf,
  createServiceClient,
  documented,
  partnerCaller,
  testInfra,
  testLogger,
  uniqueName,
} from '@travel/testkit';
import {
  type BookingClient,
  bookingEnv,
  createRequest,
  type SearchAndPricing,
  startBooking,
  startSearchAndPricing,
} from './booking.fixture';

// Spending limits per API key: the reservation in booking's per-key, per-UTC-day ledger, with two booking
// replicas on one database (as behind two gateways), real pricing and search, the store and Kafka.
let world: SearchAndPricing;
let replicas: Array<Awaited<ReturnType<typeof startBooking>>>;
let clients: BookingClient[];
let spendingOf: (who: ReturnType<typeof partnerCaller>) => Promise<keySpending.GetKeySpendingResponse>;

beforeAll(async () => {
  world = await startSearchAndPricing();
  const env = bookingEnv(world, uniqueName('ct_booking_spend'), `${uniqueName('ct_bk_spend')}.`);
  replicas = [await startBooking(env), await startBooking(env)];
  clients = replicas.map((replica) => replica.client);
  const spending = createServiceClient(
    keySpending.KeySpendingServiceDefinition,
    replicas[0]?.address as string,
    { deadlineMs: 20_000 },
  );
  spendingOf = (who) => spending.getKeySpending({ caller: who });
}, 60_000);
afterAll(async () => {
  for (const replica of replicas ?? []) await replica.stop();
  await world?.stop();
});

const keyOf = (clientId: number, limits: { dailyLimit?: number; perBookingLimit?: number }) =>
  partnerCaller(clientId, 'live', 'ten_a', { id: uniqueName('key'), limits });

/** The refusal as booking sent it: the catalog code and its facts. */
async function refusalOf(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, details: error.facts };
    throw error;
  }
  return { code: 'ok', details: null };
}

describe('a daily limit', () => {
  it('when 20 bookings race through two replicas with a limit that fits 7, then exactly 7 book and 13 are refused with what remains', async () => {
    documented(
      'docs/access.md',
      '| counted and enforced | booking: `key_spending`, one row per key and UTC day, reserved by one conditional `$inc` before the booking is written |',
    );
    const probe = partnerCaller(201, 'live', 'ten_a');
    const { token, total } = await world.flightOffer(probe);
    const limit = total * 7 + Math.floor(total / 2);
    const who = keyOf(201, { dailyLimit: limit });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        refusalOf(
          (clients[i % 2] as BookingClient).createBooking(createRequest(who, token, uniqueName('race'))),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.code === 'ok')).toHaveLength(7);
    const refused = outcomes.filter((o) => o.code !== 'ok');
    expect(refused).toHaveLength(13);
    for (const refusal of refused) {
      expect(refusal).toMatchObject({
        code: 'spending_limit_exceeded',
        details: { limit: 'daily', amount: total, remaining: limit - 7 * total, dailyLimit: limit },
      });
    }
    // The day the bookings were counted in, as booking answered it (the refusals' end of that day), not this
    // process's calendar: the answer names the same day, and the 7 bookings are what it counted in it.
    const ends = [...new Set(refused.map((r) => (r.details as { resetsAt: string }).resetsAt))];
    expect(ends).toEqual([expect.stringMatching(/T00:00:00\.000Z$/)]);
    const countedUntil = new Date(ends[0] as string);
    expect(await spendingOf(who)).toEqual({
      spent: 7 * total,
      day: new Date(countedUntil.getTime() - 86_400_000).toISOString().slice(0, 10),
      resetsAt: countedUntil,
    });
  });

  it('when a booking is replayed by its idempotency key, then it is counted once', async () => {
    documented('docs/access.md', 'a replay by `Idempotency-Key` counts once');
    const who = keyOf(202, { dailyLimit: 10_000_000 });
    const { token, total } = await world.flightOffer(who);
    const request = createRequest(who, token, uniqueName('replay'));
    await clients[0]?.createBooking(request);
    const again = await clients[1]?.createBooking(request);
    expect(again?.replayed).toBe(true);
    expect((await spendingOf(who)).spent).toBe(total);
  });

  it("when another key of the same client books, then it spends from its own day, not the first key's", async () => {
    const first = keyOf(203, { dailyLimit: 1 });
    const second = keyOf(203, {});
    const { token, total } = await world.flightOffer(first);
    expect(
      await codeOf(
        clients[0]?.createBooking(createRequest(first, token, uniqueName('k1'))) as Promise<unknown>,
      ),
    ).toBe('spending_limit_exceeded');
    await clients[0]?.createBooking(createRequest(second, token, uniqueName('k2')));
    expect((await spendingOf(first)).spent).toBe(0);
    expect((await spendingOf(second)).spent).toBe(total);
  });
});

describe('a key without a daily limit', () => {
  it('when 20 bookings race through two replicas, then every one books and the day counts all 20', async () => {
    documented('docs/access.md', "Every key's bookings are counted, with or without limits");
    const who = keyOf(204, {});
    const { token, total } = await world.flightOffer(who);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        refusalOf(
          (clients[i % 2] as BookingClient).createBooking(createRequest(who, token, uniqueName('free'))),
        ),
      ),
    );
    expect(outcomes.map((o) => o.code)).toEqual(Array(20).fill('ok'));
    expect((await spendingOf(who)).spent).toBe(20 * total);
  });
});

describe('a per-booking limit', () => {
  it('when a booking costs more than it, then it is refused, nothing is counted, and the same idempotency key books once the limit allows', async () => {
    documented(
      'docs/access.md',
      '- **Refusal**: `403 spending_limit_exceeded`, nothing booked, with `details` `{ limit: "daily" | "per_booking", amount, remaining, dailyLimit, perBookingLimit, resetsAt }`; `remaining` is what the key may still book today (null without a daily limit).',
    );
    const probe = partnerCaller(204, 'live', 'ten_a');
    const { token, total } = await world.flightOffer(probe);
    const id = uniqueName('key');
    const tight = partnerCaller(204, 'live', 'ten_a', { id, limits: { perBookingLimit: total - 1 } });
    const idem = uniqueName('per');
    expect(
      await refusalOf(clients[0]?.createBooking(createRequest(tight, token, idem)) as Promise<unknown>),
    ).toEqual({
      code: 'spending_limit_exceeded',
      details: {
        limit: 'per_booking',
        amount: total,
        remaining: null,
        dailyLimit: null,
        perBookingLimit: total - 1,
        resetsAt: expect.stringMatching(/T00:00:00\.000Z$/),
      },
    });
    expect((await spendingOf(tight)).spent).toBe(0);
    const raised = partnerCaller(204, 'live', 'ten_a', { id, limits: { perBookingLimit: total } });
    const reply = await clients[1]?.createBooking(createRequest(raised, token, idem));
    expect(reply?.replayed).toBe(false);
    expect((await spendingOf(raised)).spent).toBe(total);
  });
});

describe('a booking whose write fails', () => {
  it('when the store refuses the booking after its amount was reserved, then the amount is given back', async () => {
    // A replay counting once: 'a daily limit' above.
    documented(
      'docs/access.md',
      'A booking whose write then fails gives its amount back; a replay by `Idempotency-Key` counts once.',
    );
    const env = bookingEnv(world, uniqueName('ct_booking_spend_fail'), `${uniqueName('ct_bk_spf')}.`);
    const own = await startBooking(env);
    const store = createMongo({
      url: testInfra().mongoUrl,
      database: env.MONGO_DATABASE as string,
      logger: testLogger(),
    });
    await store.start();
    try {
      // A rule of the store's own that a second booking with the same reference breaks: its write fails
      // after the reservation, as a write refused by the store for any reason would.
      await store.connection
        .collection('bookings')
        .createIndex({ reference: 1 }, { unique: true, name: 'ct_one_booking_per_reference' });
      const spending = createServiceClient(keySpending.KeySpendingServiceDefinition, own.address, {
        deadlineMs: 20_000,
      });
      const who = keyOf(206, { dailyLimit: 10_000_000 });
      const { token, total } = await world.flightOffer(who);
      const withReference = (idempotencyKey: string) => ({
        ...createRequest(who, token, idempotencyKey),
        reference: 'PO-206',
      });
      await own.client.createBooking(withReference(uniqueName('first')));
      expect((await spending.getKeySpending({ caller: who })).spent).toBe(total);
      expect(await codeOf(own.client.createBooking(withReference(uniqueName('second'))))).toBe(
        'internal_error',
      );
      expect((await spending.getKeySpending({ caller: who })).spent).toBe(total);
    } finally {
      await own.stop();
      await store.connection.dropDatabase();
      await store.stop();
    }
  });
});

describe('fail closed', () => {
  it('when a partner caller names no key or no limits, then booking and the spending read are forbidden and nothing is booked', async () => {
    documented(
      'docs/access.md',
      "- **Fail closed.** Booking refuses (`403 forbidden`) a partner booking whose caller does not name its key and the key's limits.",
    );
    const who = partnerCaller(205, 'live', 'ten_a');
    const { token } = await world.flightOffer(who);
    const noKey = { ...who, apiKeyId: undefined };
    const noLimits = { ...who, spendingLimits: undefined };
    expect(
      await codeOf(
        clients[0]?.createBooking(createRequest(noKey, token, uniqueName('nokey'))) as Promise<unknown>,
      ),
    ).toBe('forbidden');
    expect(
      await codeOf(
        clients[0]?.createBooking(createRequest(noLimits, token, uniqueName('nolimits'))) as Promise<unknown>,
      ),
    ).toBe('forbidden');
    expect(await codeOf(spendingOf(noKey))).toBe('forbidden');
    expect((await clients[0]?.listBookings({ caller: who, limit: 10 }))?.bookings).toEqual([]);
  });
});
