import { bookingEvents } from '@travel/contracts';
import { createOfferTokenSigner, createOfferTokenVerifier } from '@travel/offer-tokens';
import { documented, freePort, uniqueName, waitFor } from '@travel/testkit';
import {
  type BookingClient,
  bookingEnv,
  caller,
  createRequest,
  listenToBookingEvents,
  type SearchAndPricing,
  startBooking,
  startSearchAndPricing,
} from './booking.fixture';

// The booking rules over gRPC, against real pricing, search, the store and Kafka.
let world: SearchAndPricing;
let service: Awaited<ReturnType<typeof startBooking>>;
let client: BookingClient;
let events: Awaited<ReturnType<typeof listenToBookingEvents>>;
const namespace = `${uniqueName('ct_bk')}.`;

beforeAll(async () => {
  world = await startSearchAndPricing();
  events = await listenToBookingEvents(namespace);
  service = await startBooking(bookingEnv(world, uniqueName('ct_booking'), namespace));
  client = service.client;
});
afterAll(async () => {
  await service?.stop();
  await events?.stop();
  await world?.stop();
});

const key = () => uniqueName('idem');
const now = () => new Date();
const codeOf = async (call: Promise<unknown>) => {
  try {
    await call;
    return 'ok';
  } catch (error) {
    return (error as { details?: string; message: string }).message;
  }
};

describe('creating a booking', () => {
  it('when a live key books an offer, then the booking carries the repriced total, a PNR, and booking.created follows', async () => {
    const who = caller(101);
    const offer = await world.flightOffer(who);
    const { booking, replayed } = await client.createBooking(createRequest(who, offer.token, key()));
    expect(replayed).toBe(false);
    expect(booking).toMatchObject({
      type: 'flight',
      route: 'DEL → BOM',
      date: offer.offer.date,
      status: 'Upcoming',
      amount: offer.total,
      currency: 'INR',
      reference: 'PO-1001',
      livemode: true,
      contact: { name: 'Asha Rao', email: 'asha@example.com', phone: '+91 98000 00000' },
    });
    expect(booking?.id).toMatch(/^bkg_\d+$/);
    expect(booking?.pnr).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(booking?.travellers).toHaveLength(2);
    await waitFor(() =>
      expect(events.heard.some((e) => e.type === 'booking.created' && e.tenantId === 'ten_a')).toBe(true),
    );
    const created = events.heard.find((e) => bookingEvents.BookingEvent.decode(e.payload).id === booking?.id);
    expect(created).toMatchObject({ type: 'booking.created', clientId: '101', livemode: true });
    expect(bookingEvents.BookingEvent.decode(created?.payload ?? Buffer.alloc(0))).toMatchObject({
      pnr: booking?.pnr,
      status: 'Upcoming',
      amount: offer.total,
      hasVoucher: false,
    });
  });

  it("when an offer says whether its supply is simulated, then its booking, the booking's reads and its booking.created say the same", async () => {
    const who = caller(109);
    const searched = await world.flightOffer(who);
    // Search's inventory is simulated; a supplier's offer would carry the claim `simulated: false` instead.
    const check = createOfferTokenVerifier({ publicKeyPem: world.keys.publicKeyPem, now }).verify(
      searched.token,
    );
    if (check.result !== 'valid') throw new Error(`search's token is ${check.result}`);
    expect((check.claims as { simulated?: boolean }).simulated).toBe(true);
    const signer = createOfferTokenSigner({ privateKeyPem: world.keys.privateKeyPem, ttlSeconds: 900, now });
    const [supplied] = signer.issueAll([{ ...check.claims, simulated: false } as typeof check.claims]);
    const booked = [
      (await client.createBooking(createRequest(who, searched.token, key()))).booking,
      (await client.createBooking(createRequest(who, supplied as string, key()))).booking,
    ];
    expect(booked.map((booking) => booking?.simulated)).toEqual([true, false]);
    const read = await Promise.all(booked.map((b) => client.getBooking({ caller: who, id: b?.id ?? '' })));
    expect(read.map((reply) => reply.booking?.simulated)).toEqual([true, false]);
    const told = (id: string | undefined) =>
      events.heard
        .filter((e) => e.type === 'booking.created')
        .map((e) => bookingEvents.BookingEvent.decode(e.payload))
        .find((event) => event.id === id);
    await waitFor(() => expect(booked.map((b) => told(b?.id)?.simulated)).toEqual([true, false]));
  });

  it('when the same key and body come again, then the same booking is replayed; another body is idempotency_key_reuse', async () => {
    const who = caller(102);
    const offer = await world.flightOffer(who);
    const idem = key();
    const first = await client.createBooking(createRequest(who, offer.token, idem));
    const again = await client.createBooking(createRequest(who, offer.token, idem));
    expect(again.replayed).toBe(true);
    expect(again.booking).toEqual(first.booking);
    expect(
      await codeOf(client.createBooking(createRequest(who, offer.token, idem, 'b'.repeat(64)))),
    ).toContain('different request body');
    const list = await client.listBookings({ caller: who, limit: 10 });
    expect(list.bookings).toHaveLength(1);
  });

  it('when the key was used by another client or in the other environment, then it is a different key', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      "Keys belong to the API client and the key's environment (another client, or a test key of the same client, using the same key makes its own booking)",
    );
    const idem = key();
    const a = await client.createBooking(
      createRequest(caller(103), (await world.flightOffer(caller(103))).token, idem),
    );
    const b = await client.createBooking(
      createRequest(caller(104), (await world.flightOffer(caller(104))).token, idem),
    );
    const testWho = caller(103, 'ten_a', 'test');
    const c = await client.createBooking(
      createRequest(testWho, (await world.flightOffer(testWho)).token, idem),
    );
    expect(new Set([a.booking?.id, b.booking?.id, c.booking?.id]).size).toBe(3);
    expect(c.booking?.livemode).toBe(false);
  });

  it('when the token is tampered with, of another tenant, client or environment, then it is bad_request and no key is kept', async () => {
    const who = caller(105);
    const offer = await world.flightOffer(who);
    const idem = key();
    const tampered = `${offer.token.slice(0, 20)}${offer.token[20] === 'A' ? 'B' : 'A'}${offer.token.slice(21)}`;
    expect(await codeOf(client.createBooking(createRequest(who, tampered, idem)))).toContain(
      'Validation failed',
    );
    const otherTenant = await world.flightOffer(caller(105, 'ten_b'));
    expect(await codeOf(client.createBooking(createRequest(who, otherTenant.token, idem)))).toContain(
      'Validation failed',
    );
    const testOffer = await world.flightOffer(caller(105, 'ten_a', 'test'));
    expect(await codeOf(client.createBooking(createRequest(who, testOffer.token, idem)))).toContain(
      'Validation failed',
    );
    // Another API client of the same tenant searched it: offers are bound to the client that searched.
    const otherClient = await world.flightOffer(caller(1105, 'ten_a'));
    expect(await codeOf(client.createBooking(createRequest(who, otherClient.token, idem)))).toContain(
      'Validation failed',
    );
    // Nothing was remembered: the same key now books the good token.
    const booked = await client.createBooking(createRequest(who, offer.token, idem));
    expect(booked.replayed).toBe(false);
  });

  it('when the request breaks a rule, then every failing field is named and nothing is booked', async () => {
    const who = caller(106);
    const offer = await world.flightOffer(who);
    const request = {
      ...createRequest(who, offer.token, 'short'),
      contact: { name: ' ', email: 'not-an-email' },
      travellers: Array.from({ length: 10 }, () => ({ firstName: 'A', lastName: '' })),
      reference: 'x'.repeat(81),
    };
    const error = JSON.stringify(await client.createBooking(request).catch((e: unknown) => e));
    for (const path of [
      'Idempotency-Key',
      'contact.name',
      'contact.email',
      'travellers',
      'travellers.9.lastName',
      'reference',
    ])
      expect(error).toContain(`"${path}"`);
    expect((await client.listBookings({ caller: who, limit: 10 })).bookings).toHaveLength(0);
  });

  it('when pricing does not answer, then it is service_unavailable, nothing is booked, and the same key books once pricing is back', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'Pricing unreachable is `503 service_unavailable`, and nothing is booked.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'After an error (`400`, `409`, `410`, `5xx`, a timeout) a retry with the same key runs again.',
    );
    documented(
      'docs/idempotency.md',
      'A request that failed before it changed anything (`400`, `409 price_changed`, `410`, a `503` from a service that was down) frees its key: the retry runs again.',
    );
    const who = caller(108);
    const offer = await world.flightOffer(who);
    const idem = key();
    const env = bookingEnv(world, uniqueName('ct_booking_no_pricing'), namespace);
    // Two processes on one store: one whose pricing is gone, one whose pricing answers.
    const cut = await startBooking({ ...env, PRICING_ADDRESS: `127.0.0.1:${await freePort()}` });
    const back = await startBooking(env);
    try {
      await expect(cut.client.createBooking(createRequest(who, offer.token, idem))).rejects.toMatchObject({
        code: 'service_unavailable',
      });
      expect((await cut.client.listBookings({ caller: who, limit: 10 })).bookings).toEqual([]);
      // At once, inside the 3 s lease a kept key would still hold (409 idempotency_key_in_use): it runs again.
      const booked = await back.client.createBooking(createRequest(who, offer.token, idem));
      expect([booked.replayed, booked.booking?.amount]).toEqual([false, offer.total]);
    } finally {
      await cut.stop();
      await back.stop();
    }
  });

  it('when the client has no tenant, then it is client_not_linked', async () => {
    const who = caller(107, null);
    const offer = await world.flightOffer(who);
    expect(await codeOf(client.createBooking(createRequest(who, offer.token, key())))).toContain(
      'not linked',
    );
  });
});

describe('reading and cancelling', () => {
  it('when another client, tenant or environment asks for a booking, then it is not_found', async () => {
    const who = caller(110);
    const { booking } = await client.createBooking(
      createRequest(who, (await world.flightOffer(who)).token, key()),
    );
    const id = booking?.id ?? '';
    expect((await client.getBooking({ caller: who, id })).booking?.id).toBe(id);
    for (const other of [caller(111), caller(110, 'ten_b'), caller(110, 'ten_a', 'test')]) {
      expect(await codeOf(client.getBooking({ caller: other, id }))).toContain(`No booking ${id}`);
      expect(await codeOf(client.cancelBooking({ caller: other, id }))).toContain(`No booking ${id}`);
    }
  });

  it('when an upcoming test-mode booking is cancelled, then it is Cancelled with one booking.cancelled after its booking.created, and a second cancel is conflict', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'Cancels a booking in state `Upcoming` and answers it with `status: Cancelled`; the event `booking.cancelled` follows (for test and live bookings).',
    );
    const who = caller(112, 'ten_a', 'test');
    const { booking } = await client.createBooking(
      createRequest(who, (await world.flightOffer(who)).token, key()),
    );
    const id = booking?.id ?? '';
    const cancelled = await client.cancelBooking({ caller: who, id });
    expect(cancelled.booking).toMatchObject({ id, status: 'Cancelled', livemode: false });
    expect(await codeOf(client.cancelBooking({ caller: who, id }))).toContain('is Cancelled');
    expect((await client.getBooking({ caller: who, id })).booking?.status).toBe('Cancelled');
    const about = (type: string) =>
      events.heard.filter((e) => e.type === type && bookingEvents.BookingEvent.decode(e.payload).id === id);
    await waitFor(() => expect(about('booking.cancelled')).toHaveLength(1));
    // A test key's booking is told like a live one's (docs/decisions/sandbox.md), with `livemode` false.
    expect(about('booking.created')).toHaveLength(1);
    expect([about('booking.created')[0]?.livemode, about('booking.cancelled')[0]?.livemode]).toEqual([
      false,
      false,
    ]);
  });

  it('when a list is asked with a bad limit or a foreign cursor, then it is bad_request', async () => {
    const who = caller(113);
    expect(await codeOf(client.listBookings({ caller: who, limit: 0 }))).toContain('Validation failed');
    expect(await codeOf(client.listBookings({ caller: who, limit: 101 }))).toContain('Validation failed');
    expect(
      await codeOf(client.listBookings({ caller: who, limit: 5, cursor: 'bm90LWEtY3Vyc29y' })),
    ).toContain('Validation failed');
  });
});
