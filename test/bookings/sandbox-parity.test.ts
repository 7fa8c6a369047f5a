import { randomUUID } from 'node:crypto';
import { documented, inDays, startReceiver, waitFor } from '@travel/testkit';
import { type AdminApi, newPartner, platformAdmin } from '../support/admin';
import { book, contact, flightOffers, partnerCall } from '../support/bookings';
import { consoleCall } from '../support/console-calls';
import type { ApiResponse } from '../support/gateway';
import { registerWebhook } from '../support/webhooks';

// Sandbox parity (docs/decisions/sandbox.md): one partner journey with a live key and with a test key of the same
// client, compared answer by answer, event by event and field by field. Only ids, times and the mode (`livemode`,
// `environment`) are set aside; the mode itself is checked to be the key's everywhere it shows.

/** One travel date for both journeys: the same query must find the same offers. */
const DEPART = inDays(30);

type Hooks = Awaited<ReturnType<typeof startReceiver>>;
const receivers: Hooks[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.stop()));
});

/** One thing the partner saw: a step's name and what came back (status, the headers a partner reads, body). */
interface Seen {
  step: string;
  status?: number;
  headers?: Record<string, string | null>;
  body: unknown;
}

interface FeedEvent {
  id: string;
  type: string;
  sequence: number;
  livemode: boolean;
  data: { id: string; status: string };
}

/** The headers of an answer that a partner may act on and that do not depend on how often it polled. */
const PARTNER_HEADERS = ['ratelimit-limit', 'idempotent-replayed', 'content-type'];

function seen(step: string, res: ApiResponse): Seen {
  const headers = Object.fromEntries(PARTNER_HEADERS.map((name) => [name, res.headers.get(name)]));
  return { step, status: res.status, headers, body: res.body };
}

const dataOf = <T>(res: ApiResponse) => (res.body as { data: T }).data;

async function setPerBookingLimit(admin: AdminApi, keyId: string, secret: string, limit: number | null) {
  const limits = { dailyLimit: null, perBookingLimit: limit };
  const res = await consoleCall(
    admin.token,
    'PUT',
    `/api/admin/api-access/keys/${keyId}/spending-limits`,
    limits,
  );
  expect(res.status).toBe(200);
  // Every gateway learns the change from identity.changes: wait until this key's reads show it.
  await waitFor(
    async () => {
      const me = dataOf<{ spending: { perBookingLimit: number | null } | null }>(
        await partnerCall(secret, 'GET', '/api/v1/me'),
      );
      expect(me.spending?.perBookingLimit ?? null).toBe(limit);
    },
    { timeoutMs: 5000, intervalMs: 50 },
  );
}

/**
 * The journey of the partner document's quick start, as one key sees it: who am I, search, a refused booking
 * (bad body; over the key's spending limit), book, replay, read, list, cancel, cancel again, the other mode's
 * booking, invoices; then the events feed caught up from the start, each webhook delivery as received and the
 * endpoint's delivery list.
 */
async function journey(
  admin: AdminApi,
  key: { id: string; secret: string },
  other: { booked(id: string): void; booking: Promise<string> },
) {
  const secret = key.secret;
  const steps: Seen[] = [];
  const hooks = await startReceiver();
  receivers.push(hooks);
  const endpoint = await registerWebhook(secret, { url: hooks.url, events: [] });
  steps.push(seen('register webhook', endpoint));
  const endpointId = dataOf<{ id: string }>(endpoint).id;

  steps.push(seen('me', await partnerCall(secret, 'GET', '/api/v1/me')));
  const search = await partnerCall(secret, 'POST', '/api/v1/search/flights', {
    body: JSON.stringify({ from: 'DEL', to: 'BOM', departDate: DEPART }),
  });
  steps.push(seen('search', search));
  const [offer] = await flightOffers(secret, DEPART);
  if (!offer) throw new Error('no offer');

  steps.push(seen('book a bad body', await book(secret, { offerToken: 'nope', contact: { email: 'x' } })));
  await setPerBookingLimit(admin, key.id, secret, offer.price.total - 1);
  steps.push(seen('book over the limit', await book(secret, { offerToken: offer.offerToken, contact })));
  await setPerBookingLimit(admin, key.id, secret, null);

  const idempotencyKey = randomUUID();
  const body = { offerToken: offer.offerToken, contact, reference: 'PO-parity' };
  const created = await book(secret, body, idempotencyKey);
  steps.push(seen('book', created));
  steps.push(seen('book again with the key', await book(secret, body, idempotencyKey)));
  const bookingId = dataOf<{ id: string }>(created).id;
  other.booked(bookingId);
  steps.push(seen('read', await partnerCall(secret, 'GET', `/api/v1/bookings/${bookingId}`)));
  steps.push(seen('list', await partnerCall(secret, 'GET', '/api/v1/bookings')));
  steps.push(seen('cancel', await partnerCall(secret, 'POST', `/api/v1/bookings/${bookingId}/cancel`)));
  steps.push(seen('cancel again', await partnerCall(secret, 'POST', `/api/v1/bookings/${bookingId}/cancel`)));
  const foreign = await other.booking;
  steps.push(
    seen("read the other mode's booking", await partnerCall(secret, 'GET', `/api/v1/bookings/${foreign}`)),
  );
  steps.push(seen('invoices', await partnerCall(secret, 'GET', '/api/v1/invoices')));

  const feed = await waitFor(
    async () => {
      const res = await partnerCall(secret, 'GET', '/api/v1/events?after=0');
      expect(dataOf<FeedEvent[]>(res).map((event) => event.type)).toEqual([
        'booking.created',
        'booking.cancelled',
      ]);
      return res;
    },
    { timeoutMs: 30_000 },
  );
  steps.push(seen('events feed', feed));
  const events = dataOf<FeedEvent[]>(feed);
  for (const event of events)
    steps.push(
      seen(`event ${event.sequence}`, await partnerCall(secret, 'GET', `/api/v1/events/${event.id}`)),
    );

  const deliveries = await waitFor(
    async () => {
      const res = await partnerCall(secret, 'GET', `/api/v1/webhooks/${endpointId}/deliveries`);
      const list = dataOf<{ status: string }[]>(res);
      expect([hooks.received.length, list.map((delivery) => delivery.status)]).toEqual([
        2,
        ['succeeded', 'succeeded'],
      ]);
      return res;
    },
    { timeoutMs: 30_000 },
  );
  steps.push(seen('deliveries', deliveries));
  const received = hooks.received
    .map((r) => ({ headers: r.headers, body: JSON.parse(r.rawBody) as FeedEvent }))
    .sort((a, b) => a.body.sequence - b.body.sequence);
  for (const { headers, body: delivered } of received)
    steps.push({
      step: `delivery of event ${delivered.sequence}`,
      headers: {
        'x-partner-event': String(headers['x-partner-event']),
        'user-agent': String(headers['user-agent']),
        'content-type': String(headers['content-type']),
      },
      body: delivered,
    });
  return { steps, events, bookingId };
}

/** A booking id to come, and how to give it. */
function deferred() {
  let resolve!: (id: string) => void;
  const promise = new Promise<string>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Each step's `simulated` values, for the steps that show any (search, bookings, events, deliveries). */
function simulatedBySteps(steps: Seen[]): Record<string, unknown[]> {
  const found = (value: unknown, into: unknown[] = []): unknown[] => {
    if (Array.isArray(value)) for (const item of value) found(item, into);
    else if (value && typeof value === 'object')
      for (const [field, inner] of Object.entries(value)) {
        if (field === 'simulated') into.push(inner);
        else found(inner, into);
      }
    return into;
  };
  return Object.fromEntries(
    steps
      .map((step): [string, unknown[]] => [step.step, found(step.body)])
      .filter(([, values]) => values.length > 0),
  );
}

/** Every `livemode` and `environment` in what was seen: the key's mode wherever it shows. */
function modesIn(value: unknown, found: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const item of value) modesIn(item, found);
  else if (value && typeof value === 'object')
    for (const [field, inner] of Object.entries(value)) {
      if (field === 'livemode' || field === 'environment') found.push(inner);
      else modesIn(inner, found);
    }
  return found;
}

// Ids, and the values each journey chose for itself (its receiver's `url`), or the platform made for its key.
const ID_FIELD = /^(id|pnr|offerToken|requestId|secret|prefix|name|url|.+Id)$/;
/** Ids named inside a text (an error message naming a booking). */
const ID_IN_TEXT = /\b(bkg|evt|whk|dlv|inv|cq)_[A-Za-z0-9]+\b/g;
/** A moment: ISO 8601 (`created`) or the API's `YYYY-MM-DD HH:MM:SS` (`createdAt`). */
const TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?Z| \d{2}:\d{2}:\d{2})$/;
/** Fields that measure time rather than say what happened. */
const TIME_FIELD = /^(latencyMs)$/;

/**
 * What was seen with ids, times and the mode set aside: each distinct id becomes `<id N>` in the order first seen
 * (so an event still names the booking the answer named), wherever it appears, in a field or inside a message.
 */
function masked(steps: Seen[]): Seen[] {
  const ids = new Map<string, string>();
  const collect = (value: unknown, field = ''): void => {
    if (Array.isArray(value)) for (const item of value) collect(item);
    else if (value && typeof value === 'object')
      for (const [name, inner] of Object.entries(value)) collect(inner, name);
    else if (typeof value === 'string') {
      const named = ID_FIELD.test(field) ? [value] : Array.from(value.matchAll(ID_IN_TEXT), ([id]) => id);
      for (const id of named) if (!ids.has(id)) ids.set(id, `<id ${ids.size + 1}>`);
    }
  };
  collect(steps);
  // The longest first, so that an id containing another is replaced whole.
  const known = [...ids.keys()].sort((a, b) => b.length - a.length);
  const mask = (value: unknown, field = ''): unknown => {
    if (field === 'livemode' || field === 'environment') return '<mode>';
    if (TIME_FIELD.test(field)) return '<time>';
    if (Array.isArray(value)) return value.map((item) => mask(item));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, mask(inner, name)]));
    if (typeof value !== 'string') return value;
    if (TIME.test(value)) return '<time>';
    return known.reduce((text, id) => text.split(id).join(ids.get(id) as string), value);
  };
  return steps.map((step) => mask(step) as Seen);
}

describe('sandbox parity', () => {
  it('when the same journey runs with a live key and a test key, then both see the same answers, events and deliveries, ids, times and mode aside', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      "A test key (`ptk_test_`) behaves like a live key (`ptk_live_`) in everything you can observe: the same routes, answers, errors, rate limit, spending limits and idempotency; its bookings emit `booking.created` and `booking.cancelled`, delivered to the test key's webhook endpoints and listed in its events feed as a live booking's are to the live key's.",
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      "No supplier system is connected yet: search results come from a simulated inventory, and everything made from them says so with `simulated: true`: the search answer, every booking made from one of its offers (the booking answers, reads and lists), and the `data` of that booking's `booking.created` and `booking.cancelled` (webhook deliveries and the events feed).",
    );
    documented(
      'docs/webhooks.md',
      "A test key's endpoints and events feed are told what a live key's are: `booking.created` when one of its bookings is made, `booking.cancelled` when it is cancelled, with `livemode: false`",
    );
    const admin = await platformAdmin();
    const { client, key: live } = await newPartner(admin);
    const test = await admin.createKey(client.id, { environment: 'test' });
    // Each journey reads the other's booking once it exists: a key never sees the other mode's bookings.
    const liveBooked = deferred();
    const testBooked = deferred();
    const [liveRun, testRun] = await Promise.all([
      journey(admin, live, { booked: liveBooked.resolve, booking: testBooked.promise }).finally(() =>
        liveBooked.resolve('bkg_0'),
      ),
      journey(admin, test, { booked: testBooked.resolve, booking: liveBooked.promise }).finally(() =>
        testBooked.resolve('bkg_0'),
      ),
    ]);

    expect(new Set(modesIn(liveRun.steps))).toEqual(new Set([true, 'live']));
    expect(new Set(modesIn(testRun.steps))).toEqual(new Set([false, 'test']));
    expect(testRun.events.map((event) => [event.type, event.data.id])).toEqual([
      ['booking.created', testRun.bookingId],
      ['booking.cancelled', testRun.bookingId],
    ]);
    // Simulation is never silent (docs/decisions/sandbox.md): the search, every booking answer, feed event and
    // delivered body of the journey says so, in both modes.
    for (const run of [liveRun, testRun])
      expect(simulatedBySteps(run.steps)).toEqual({
        search: [true],
        book: [true],
        'book again with the key': [true],
        read: [true],
        list: [true],
        cancel: [true],
        'events feed': [true, true],
        'event 1': [true],
        'event 2': [true],
        'delivery of event 1': [true],
        'delivery of event 2': [true],
      });
    const liveSeen = masked(liveRun.steps);
    const testSeen = masked(testRun.steps);
    expect(testSeen).toEqual(liveSeen);
  });

  it("when a simulated booking is invoiced, then its invoice line and the console's booking say simulated, as the booking did", async () => {
    const admin = await platformAdmin();
    const { tenant, key } = await newPartner(admin);
    const [offer] = await flightOffers(key.secret, DEPART);
    const booked = await book(key.secret, { offerToken: offer?.offerToken, contact });
    const booking = dataOf<{ id: string; simulated: boolean }>(booked);
    expect([booked.status, booking.simulated]).toEqual([201, true]);
    // The line arrives through booking.events; until then there is nothing to invoice (409).
    const invoice = await waitFor(
      async () => {
        const res = await consoleCall(admin.token, 'POST', '/api/admin/invoices', { tenantId: tenant.id });
        expect(res.status).toBe(201);
        return dataOf<{ lines: { bookingId: string; simulated: boolean }[] }>(res);
      },
      { timeoutMs: 20_000, intervalMs: 300 },
    );
    expect(invoice.lines.map((line) => [line.bookingId, line.simulated])).toEqual([[booking.id, true]]);
    // The console's view of the booking says it too.
    const listed = await consoleCall(admin.token, 'GET', `/api/admin/bookings?tenantId=${tenant.id}`);
    expect(dataOf<{ id: string; simulated: boolean }[]>(listed).map((b) => [b.id, b.simulated])).toEqual([
      [booking.id, true],
    ]);
  });
});
