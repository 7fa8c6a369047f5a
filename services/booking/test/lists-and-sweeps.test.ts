import { documented, uniqueName, waitFor } from '@travel/testkit';
import {
  bookingEnv,
  bookMany,
  caller,
  createRequest,
  type SearchAndPricing,
  startBooking,
  startSearchAndPricing,
} from './booking.fixture';

let world: SearchAndPricing;
const namespace = `${uniqueName('ct_bk_lists')}.`;
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  world = await startSearchAndPricing();
});
afterAll(async () => {
  await world?.stop();
});

it('when a partner pages through 120 bookings with limit 7 while 30 more are made, then each of the 120 is seen once, newest first', async () => {
  const service = await startBooking(bookingEnv(world, uniqueName('ct_bk_pages'), namespace));
  try {
    const who = caller(301);
    const existing = await bookMany(world, service.client, who, 120);
    const writer = bookMany(world, service.client, who, 30);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await service.client.listBookings({ caller: who, limit: 7, cursor });
      expect(page.bookings.length).toBeLessThanOrEqual(7);
      seen.push(...page.bookings.map((b) => b.id));
      cursor = page.nextCursor;
    } while (cursor);
    await writer;
    const numbers = seen.map((id) => Number(id.slice(4)));
    for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBeLessThan(numbers[i - 1] as number);
    for (const id of existing) expect(seen.filter((s) => s === id)).toHaveLength(1);
    expect(new Set(seen).size).toBe(seen.length);
  } finally {
    await service.stop();
  }
});

it('when the travel date has passed, then the sweeper completes the booking and a cancel is conflict', async () => {
  const database = uniqueName('ct_bk_sweep');
  const today = await startBooking(bookingEnv(world, database, namespace));
  const who = caller(302);
  let id = '';
  try {
    const { token } = await world.flightOffer(who, 1);
    id = (await today.client.createBooking(createRequest(who, token, uniqueName('sweep')))).booking?.id ?? '';
  } finally {
    await today.stop();
  }
  // The same database three days later: the sweeper runs at start.
  const later = await startBooking(
    bookingEnv(world, database, namespace),
    () => new Date(Date.now() + 72 * HOUR_MS),
  );
  try {
    await waitFor(async () =>
      expect((await later.client.getBooking({ caller: who, id })).booking?.status).toBe('Completed'),
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'A booking in any other state (`Cancelled`, `Completed`) is `409 conflict` and nothing changes, so retrying a cancel is safe.',
    );
    await expect(later.client.cancelBooking({ caller: who, id })).rejects.toMatchObject({ code: 'conflict' });
    expect((await later.client.getBooking({ caller: who, id })).booking?.status).toBe('Completed');
  } finally {
    await later.stop();
  }
});

it('when an idempotency key is older than 48 hours, then it is forgotten: another body with it is judged afresh, not 422', async () => {
  const database = uniqueName('ct_bk_keys');
  const who = caller(303);
  const { token } = await world.flightOffer(who);
  const idem = uniqueName('old');
  const now = await startBooking(bookingEnv(world, database, namespace));
  let first = '';
  try {
    first = (await now.client.createBooking(createRequest(who, token, idem))).booking?.id ?? '';
    await expect(
      now.client.createBooking(createRequest(who, token, idem, 'c'.repeat(64))),
    ).rejects.toMatchObject({
      code: 'idempotency_key_reuse',
    });
  } finally {
    await now.stop();
  }
  documented(
    'gateway/openapi/partner.texts.yaml',
    "Keys belong to the API client and the key's environment (another client, or a test key of the same client, using the same key makes its own booking) and are remembered for 48 hours.",
  );
  // 47 hours later the key still remembers its first body: another body is 422, before the token is judged.
  const within = await startBooking(
    bookingEnv(world, database, namespace),
    () => new Date(Date.now() + 47 * HOUR_MS),
  );
  try {
    await expect(
      within.client.createBooking(createRequest(who, token, idem, 'c'.repeat(64))),
    ).rejects.toMatchObject({ code: 'idempotency_key_reuse' });
  } finally {
    await within.stop();
  }
  // 49 hours later (the token is checked with the same clock, so it is minted fresh for that moment).
  const at = () => new Date(Date.now() + 49 * HOUR_MS);
  const later = await startBooking(bookingEnv(world, database, namespace), at);
  try {
    const reply = await later.client
      .createBooking(createRequest(who, token, idem, 'c'.repeat(64)))
      .catch((e) => e);
    // The old token has expired by then: 410, not 422 — the key no longer remembers the first body.
    expect(reply).toMatchObject({ code: 'offer_expired' });
    expect(first).toMatch(/^bkg_/);
  } finally {
    await later.stop();
  }
});
