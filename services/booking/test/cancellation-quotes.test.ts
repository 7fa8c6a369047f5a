import { createHash } from 'node:crypto';
import { bookingEvents } from '@travel/contracts';
import { type ErrorCode, errorCatalog } from '@travel/errors';
import { createMongo } from '@travel/mongo';
import { generateOfferKeyPair, offerJwkOf } from '@travel/offer-tokens';
import { codeOf, documented, expectExactly, testInfra, testLogger, uniqueName } from '@travel/testkit';
import {
  bookingEnv,
  caller,
  createRequest,
  listenToBookingEvents,
  type SearchAndPricing,
  startBooking,
  startSearchAndPricing,
} from './booking.fixture';

// Cancellation quotes and the published offer keys (issue 32), over gRPC against real search, pricing,
// the store and Kafka. The booking service's clock is the test's, so a quote expires without waiting.
let world: SearchAndPricing;
let service: Awaited<ReturnType<typeof startBooking>>;
let events: Awaited<ReturnType<typeof listenToBookingEvents>>;
const namespace = `${uniqueName('ct_bkq')}.`;
const database = uniqueName('ct_booking_quotes');
const store = createMongo({ url: testInfra().mongoUrl, database, logger: testLogger() });
let skewMs = 0;
const now = () => new Date(Date.now() + skewMs);

beforeAll(async () => {
  world = await startSearchAndPricing();
  events = await listenToBookingEvents(namespace);
  // The relay's scan for pending events nobody told it about (what publishes a second time after a lost clear)
  // runs every 300 ms, so "exactly one booking.cancelled" watches several scans in its settle window.
  service = await startBooking({ ...bookingEnv(world, database, namespace), OUTBOX_RESCAN_MS: '300' }, now);
  await store.start();
  await store.migrate();
});
afterAll(async () => {
  await store.connection.dropDatabase();
  await store.stop();
  await service?.stop();
  await events?.stop();
  await world?.stop();
});
afterEach(() => {
  skewMs = 0;
});

/** `ok`, or the refusal as `<catalog code> (<its HTTP status>): <message>`. */
const messageOf = async (call: Promise<unknown>) => {
  try {
    await call;
    return 'ok';
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return `${code} (${errorCatalog[code as ErrorCode]?.http}): ${message}`;
  }
};

async function bookedBy(who: ReturnType<typeof caller>) {
  const offer = await world.flightOffer(who);
  const { booking } = await service.client.createBooking(createRequest(who, offer.token, uniqueName('idem')));
  if (!booking) throw new Error('no booking');
  return booking;
}

describe('quoting a cancellation', () => {
  it('when the owner asks, then it answers the full refund under the rule, valid 5 minutes, and nothing changes', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'Answers what cancelling this `Upcoming` booking now would refund (`refundAmount`, `penalty`, `currency`) and the refund rule that applied, as a quote `id` valid until `expiresAt` (5 minutes).',
    );
    const who = caller(301);
    const booking = await bookedBy(who);
    const before = Date.now();
    const { quote } = await service.client.quoteCancellation({ caller: who, id: booking.id });
    expect(quote).toMatchObject({
      bookingId: booking.id,
      refundAmount: booking.amount,
      penalty: 0,
      currency: 'INR',
      rule: 'full_refund_before_travel',
    });
    expect(quote?.id).toMatch(/^cqt_[A-Za-z0-9_-]{22}$/);
    const ttl = (quote?.expiresAt?.getTime() ?? 0) - before;
    expect(ttl).toBeGreaterThanOrEqual(299_000);
    expect(ttl).toBeLessThanOrEqual(301_000 + (Date.now() - before));
    expect((await service.client.getBooking({ caller: who, id: booking.id })).booking?.status).toBe(
      'Upcoming',
    );
  });

  it('when another client, tenant or environment asks, then it is not_found', async () => {
    documented('gateway/openapi/partner.texts.yaml', "Another client's booking is `404 not_found`.");
    const booking = await bookedBy(caller(302));
    for (const other of [caller(303), caller(302, 'ten_b'), caller(302, 'ten_a', 'test')])
      expect(await messageOf(service.client.quoteCancellation({ caller: other, id: booking.id }))).toMatch(
        new RegExp(`^not_found \\(404\\): .*No booking ${booking.id}`),
      );
  });

  it('when the booking is cancelled already, then the quote is conflict, as the cancel would be', async () => {
    documented('gateway/openapi/partner.texts.yaml', 'is `409 conflict`, as the cancel would answer');
    const who = caller(304);
    const booking = await bookedBy(who);
    await service.client.cancelBooking({ caller: who, id: booking.id });
    expect(await messageOf(service.client.quoteCancellation({ caller: who, id: booking.id }))).toMatch(
      /^conflict \(409\): .*is Cancelled/,
    );
    // Its travel date passed (the service's clock two years on): it cannot be cancelled, it is Completed.
    const travelled = await bookedBy(who);
    skewMs = 2 * 365 * 86_400_000;
    expect(await messageOf(service.client.quoteCancellation({ caller: who, id: travelled.id }))).toMatch(
      /^conflict \(409\): .*is Completed/,
    );
  });
});

describe('cancelling at a quote', () => {
  it('when the quote is fresh and the refund holds, then the booking is cancelled', async () => {
    const who = caller(310);
    const booking = await bookedBy(who);
    const { quote } = await service.client.quoteCancellation({ caller: who, id: booking.id });
    const { booking: cancelled } = await service.client.cancelBooking({
      caller: who,
      id: booking.id,
      quoteId: quote?.id,
    });
    expect(cancelled?.status).toBe('Cancelled');
  });

  it('when the quote has expired, then it is quote_expired and the booking stays Upcoming', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '| 409 | `quote_invalid`, `quote_expired`, `refund_changed` | A cancel naming a cancellation quote it cannot honour |',
    );
    expect(errorCatalog.quote_expired.http).toBe(409);
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`quote_expired`: the quote is past its `expiresAt`; ask for a new one;',
    );
    documented('gateway/openapi/partner.texts.yaml', 'one past its `expiresAt` `409 quote_expired`');
    const who = caller(311);
    const booking = await bookedBy(who);
    const { quote } = await service.client.quoteCancellation({ caller: who, id: booking.id });
    skewMs = 300_001;
    expect(
      await messageOf(service.client.cancelBooking({ caller: who, id: booking.id, quoteId: quote?.id })),
    ).toMatch(/^quote_expired \(409\): .*expired at/);
    skewMs = 0;
    expect((await service.client.getBooking({ caller: who, id: booking.id })).booking?.status).toBe(
      'Upcoming',
    );
  });

  it("when the quote is another booking's, another client's, or unknown, then it is quote_invalid", async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`quote_invalid`: `quoteId` is not a cancellation quote of this booking by your client;',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      "a quote that is not this booking's (or not your client's) is `409 quote_invalid`",
    );
    const who = caller(312);
    const [first, second] = [await bookedBy(who), await bookedBy(who)];
    const { quote } = await service.client.quoteCancellation({ caller: who, id: first.id });
    const other = caller(313);
    const theirs = await bookedBy(other);
    const otherQuote = (await service.client.quoteCancellation({ caller: other, id: theirs.id })).quote;
    for (const [id, quoteId] of [
      [second.id, quote?.id],
      [first.id, otherQuote?.id],
      [first.id, 'cqt_AAAAAAAAAAAAAAAAAAAAAA'],
    ])
      expect(await messageOf(service.client.cancelBooking({ caller: who, id: id ?? '', quoteId }))).toMatch(
        /^quote_invalid \(409\): .*is not a cancellation quote of/,
      );
    for (const booking of [first, second])
      expect((await service.client.getBooking({ caller: who, id: booking.id })).booking?.status).toBe(
        'Upcoming',
      );
  });

  it('when the rule now gives another refund than the quote promised, then it is refund_changed and nothing changes', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '| 409 | `quote_invalid`, `quote_expired`, `refund_changed` | A cancel naming a cancellation quote it cannot honour |',
    );
    expect(errorCatalog.refund_changed.http).toBe(409);
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`refund_changed`: cancelling now would refund something other than the quote; ask for a new one.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'and a refund that is no longer the quoted one `409 refund_changed`; nothing changes on any of them',
    );
    const who = caller(314);
    const booking = await bookedBy(who);
    const { quote } = await service.client.quoteCancellation({ caller: who, id: booking.id });
    // A quote made under an earlier rule (a penalty since withdrawn): the refund the rule gives now differs.
    await store.connection.collection('cancellation_quotes').updateOne({ _id: quote?.id } as object, {
      $set: { 'refund.amount': booking.amount - 500, 'refund.penalty': 500 },
    });
    expect(
      await messageOf(service.client.cancelBooking({ caller: who, id: booking.id, quoteId: quote?.id })),
    ).toMatch(new RegExp(`^refund_changed \\(409\\): .*not the quoted ${booking.amount - 500}`));
    expect((await service.client.getBooking({ caller: who, id: booking.id })).booking?.status).toBe(
      'Upcoming',
    );
  });

  it('when 10 cancels name the same quote at once, then one cancels, the others are conflict, and one booking.cancelled follows', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'A booking cancels once, so many cancels naming the same quote make one cancellation (the others `409 conflict`).',
    );
    const who = caller(315);
    const booking = await bookedBy(who);
    const { quote } = await service.client.quoteCancellation({ caller: who, id: booking.id });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        messageOf(service.client.cancelBooking({ caller: who, id: booking.id, quoteId: quote?.id })),
      ),
    );
    expect(answers.filter((answer) => answer === 'ok')).toHaveLength(1);
    expect(answers.filter((answer) => /^conflict \(409\): .*is Cancelled/.test(answer))).toHaveLength(9);
    const cancelledEvents = () =>
      events.heard.filter(
        (e) =>
          e.type === 'booking.cancelled' && bookingEvents.BookingEvent.decode(e.payload).id === booking.id,
      );
    // One, and still one after a settle window: a second cancel that slipped through would publish late.
    await expectExactly(() => cancelledEvents().length, 1);
  });
});

describe('cancelling with an Idempotency-Key', () => {
  it('when a cancel key is 48 hours old, then it is forgotten; until then another booking with it is idempotency_key_reuse, and the other environment has keys of its own', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '(8 to 100 visible ASCII characters, remembered 48 hours per client and environment)',
    );
    const HOUR = 3_600_000;
    const who = caller(320);
    const [first, second] = [await bookedBy(who), await bookedBy(who)];
    const testWho = caller(320, 'ten_a', 'test');
    const inTest = await bookedBy(testWho);
    const key = uniqueName('cancel-key');
    // The gateway's fingerprint covers the booking cancelled: another booking is another request.
    const cancel = (by: ReturnType<typeof caller>, id: string) =>
      messageOf(
        service.client.cancelBooking({
          caller: by,
          id,
          idempotency: { key, requestFingerprint: createHash('sha256').update(id).digest('hex') },
        }),
      );
    expect(await cancel(who, first.id)).toBe('ok');
    // The same client and environment: remembered (the service's clock 47 hours on).
    skewMs = 47 * HOUR;
    expect(await cancel(who, second.id)).toMatch(/^idempotency_key_reuse \(422\): /);
    // The client's test key: a key of its own environment.
    expect(await cancel(testWho, inTest.id)).toBe('ok');
    // 49 hours on: forgotten, so the key cancels another booking.
    skewMs = 49 * HOUR;
    expect(await cancel(who, second.id)).toBe('ok');
  });
});

describe('offer keys', () => {
  it('when asked, then the key that verifies search tokens is listed by its thumbprint, active', async () => {
    const { keys } = await service.client.listOfferKeys({});
    const jwk = offerJwkOf(world.keys.publicKeyPem);
    expect(keys).toEqual([{ kid: jwk.kid, x: jwk.x, active: true }]);
  });

  it('when a rotation names the old key as previous, then its tokens still book and both keys are listed; dropped, they are refused', async () => {
    // The waits of a planned rotation (5 minutes, then 15) are the operator's steps (docs/deploy.md); what the
    // platform does at each step is this.
    documented(
      'gateway/openapi/partner.texts.yaml',
      'Keys are rotated without refusing a live offer: a new key is listed first, with `active: true`',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'The key signing new tokens is first, with `active: true`; during a rotation the previous keys stay listed until their last token expired (15 minutes).',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'After a leaked key the platform replaces it at once, without these waits: the tokens it signed are then refused (`400`) and you search again.',
    );
    const next = generateOfferKeyPair();
    const env = bookingEnv(world, uniqueName('ct_booking_rotation'), namespace);
    const rotating = await startBooking({
      ...env,
      OFFER_TOKEN_PUBLIC_KEY: next.publicKeyPem,
      OFFER_TOKEN_PREVIOUS_PUBLIC_KEYS: world.keys.publicKeyPem,
    });
    const rotated = await startBooking({ ...env, OFFER_TOKEN_PUBLIC_KEY: next.publicKeyPem });
    try {
      expect((await rotating.client.listOfferKeys({})).keys).toEqual([
        { kid: offerJwkOf(next.publicKeyPem).kid, x: offerJwkOf(next.publicKeyPem).x, active: true },
        {
          kid: offerJwkOf(world.keys.publicKeyPem).kid,
          x: offerJwkOf(world.keys.publicKeyPem).x,
          active: false,
        },
      ]);
      const who = caller(320);
      const token = (await world.flightOffer(who)).token;
      const { booking } = await rotating.client.createBooking(createRequest(who, token, uniqueName('idem')));
      expect(booking?.status).toBe('Upcoming');
      // Refused as a token no search issued (`400` on `offerToken`), not as an expired one.
      expect(await codeOf(rotated.client.createBooking(createRequest(who, token, uniqueName('idem'))))).toBe(
        'bad_request',
      );
    } finally {
      await rotating.stop();
      await rotated.stop();
    }
  });
});
