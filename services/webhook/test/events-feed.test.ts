import { eventFeed } from '@travel/contracts';
import { newEventId } from '@travel/events';
import {
  codeOf,
  createServiceClient,
  documented,
  type Received,
  staffCaller,
  waitFor,
} from '@travel/testkit';
import { createFeedRepository } from '../src/db/feed.repository';
import { bookingEvent, caller, invoicePaidEvent, webhookEnv, webhookForThisFile } from './webhook.fixture';

const webhook = webhookForThisFile(webhookEnv());
let clientNumber = 7000;
const nextClient = () => ++clientNumber;
let feedClient: ReturnType<typeof feedClientOf>;
const feedClientOf = (address: string) =>
  createServiceClient(eventFeed.EventFeedServiceDefinition, address, { deadlineMs: 20_000 });
beforeAll(() => {
  feedClient = feedClientOf(webhook.service().address);
});

type Who = ReturnType<typeof caller>;

/** Every event of the client's feed, oldest first, read page by page with `after` and the cursors. */
async function catchUp(who: Who, limit = 100) {
  const events: eventFeed.FeedEvent[] = [];
  let page = await feedClient.listEvents({ caller: who, limit, after: 0 });
  events.push(...page.events);
  while (page.nextCursor) {
    page = await feedClient.listEvents({ caller: who, limit, cursor: page.nextCursor });
    events.push(...page.events);
  }
  return events;
}

async function feedHas(who: Who, count: number) {
  await waitFor(async () => expect(await catchUp(who)).toHaveLength(count), { timeoutMs: 20_000 });
  return catchUp(who);
}

const sequences = (events: eventFeed.FeedEvent[]) => events.map((event) => event.sequence);
const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('events feed', () => {
  it("when a client's events arrive without any endpoint, then its feed holds each once, numbered 1..n, newest first by default and oldest first after a sequence, page by page", async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      "Every event the calling client may see in the key's environment, whether or not an endpoint of it was subscribed to the type: its `booking.created` and `booking.cancelled`",
    );
    const who = caller(nextClient());
    const published = [];
    for (const type of [
      'booking.created',
      'booking.cancelled',
      'booking.created',
      'booking.created',
      'booking.cancelled',
    ]) {
      const event = bookingEvent(who.clientId, { type });
      await webhook.publisher().publish('booking.events', event);
      published.push(event);
    }
    const all = await feedHas(who, 5);
    // One key, one partition: recorded in the order published.
    expect(all.map((event) => event.id)).toEqual(published.map((event) => event.id));
    expect(sequences(all)).toEqual([1, 2, 3, 4, 5]);

    const newest = await feedClient.listEvents({ caller: who, limit: 2 });
    expect(sequences(newest.events)).toEqual([5, 4]);
    const older = await feedClient.listEvents({ caller: who, limit: 2, cursor: newest.nextCursor });
    expect(sequences(older.events)).toEqual([3, 2]);
    const oldest = await feedClient.listEvents({ caller: who, limit: 2, cursor: older.nextCursor });
    expect([sequences(oldest.events), oldest.nextCursor]).toEqual([[1], undefined]);

    const caughtUp = await feedClient.listEvents({ caller: who, limit: 2, after: 3 });
    expect([sequences(caughtUp.events), caughtUp.nextCursor]).toEqual([[4, 5], undefined]);
    const cancels = await feedClient.listEvents({ caller: who, limit: 10, type: 'booking.cancelled' });
    expect(sequences(cancels.events)).toEqual([5, 2]);

    const one = await feedClient.getEvent({ caller: who, id: published[1]?.id ?? '' });
    expect(one.event).toMatchObject({
      id: published[1]?.id,
      type: 'booking.cancelled',
      sequence: 2,
      livemode: true,
    });
    expect(one.event?.created).toEqual(published[1]?.occurredAt);
    expect(JSON.parse(one.event?.dataJson ?? '{}')).toEqual({
      id: 'bkg_41',
      pnr: 'K7QX2M',
      type: 'flight',
      status: 'Cancelled',
      amount: 10_815,
      currency: 'INR',
      reference: 'PO-1001',
      simulated: true,
    });
  });

  it('when an event is delivered again (a redelivery), then it keeps its one sequence and the next event is numbered right after it', async () => {
    const who = caller(nextClient());
    const first = bookingEvent(who.clientId);
    await webhook.publisher().publish('booking.events', first);
    await webhook.publisher().publish('booking.events', { ...first });
    const next = bookingEvent(who.clientId, { type: 'booking.cancelled' });
    await webhook.publisher().publish('booking.events', next);
    await feedHas(who, 2);
    // The redelivered copy, published before `next` under the same key, was handled before it.
    expect((await catchUp(who)).map((event) => [event.id, event.sequence])).toEqual([
      [first.id, 1],
      [next.id, 2],
    ]);
  });

  it("when many of a client's events arrive at once on different partitions, then they are numbered 1..N without a gap or a repeat", async () => {
    const who = caller(nextClient());
    const events = Array.from({ length: 30 }, (_, i) => ({ ...bookingEvent(who.clientId), key: `bkg_${i}` }));
    await Promise.all(events.map((event) => webhook.publisher().publish('booking.events', event)));
    const all = await feedHas(who, 30);
    expect(sequences(all)).toEqual(oneTo(30));
    expect(new Set(all.map((event) => event.id))).toEqual(new Set(events.map((event) => event.id)));
  });

  it("when another client or the other environment reads, then it never sees the client's events, and by id they are not_found", async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      "`404 not_found` when no event of the calling client in the key's environment has this id: another client's, the other environment's",
    );
    const owner = caller(nextClient());
    const ownerTest = caller(owner.clientId, 'test');
    const intruder = caller(nextClient());
    const live = bookingEvent(owner.clientId);
    const test = bookingEvent(owner.clientId, { livemode: false });
    await webhook.publisher().publish('booking.events', live);
    await webhook.publisher().publish('booking.events', test);
    await feedHas(owner, 1);
    await feedHas(ownerTest, 1);
    // Each environment is numbered on its own, so a test key's feed has no false gaps either.
    expect((await catchUp(ownerTest)).map((event) => [event.id, event.sequence, event.livemode])).toEqual([
      [test.id, 1, false],
    ]);
    expect(await catchUp(intruder)).toEqual([]);
    expect(await codeOf(feedClient.getEvent({ caller: intruder, id: live.id }))).toBe('not_found');
    expect(await codeOf(feedClient.getEvent({ caller: ownerTest, id: live.id }))).toBe('not_found');
    expect(await codeOf(feedClient.getEvent({ caller: owner, id: test.id }))).toBe('not_found');
    expect(await codeOf(feedClient.getEvent({ caller: owner, id: newEventId() }))).toBe('not_found');
  });

  it("when invoice.paid arrives, then every client of the tenant the service knows gets it in its feed, and its deliveries carry the client's sequence", async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      "Every event the calling client may see in the key's environment, whether or not an endpoint of it was subscribed to the type: its `booking.created` and `booking.cancelled`, and `invoice.paid` of its tenant.",
    );
    const tenantId = `ten_${nextClient()}`;
    const reader = caller(nextClient(), 'live', tenantId);
    const booker = caller(nextClient(), 'live', tenantId);
    const subscriber = caller(nextClient(), 'live', tenantId);
    const outsider = caller(nextClient(), 'live', `${tenantId}x`);
    // The reader has read its feed with a test key only: a client belongs to its tenant in both environments.
    await feedClient.listEvents({ caller: caller(reader.clientId, 'test', tenantId), limit: 1 });
    await feedClient.listEvents({ caller: outsider, limit: 1 });
    const hooks = await webhook.receiver();
    await webhook
      .service()
      .client.registerEndpoint({ caller: subscriber, url: hooks.url, events: ['invoice.paid'] });
    const booked = bookingEvent(booker.clientId, { tenantId });
    await webhook.publisher().publish('booking.events', booked);
    await feedHas(booker, 1);
    const invoice = invoicePaidEvent(tenantId);
    await webhook.publisher().publish('billing.events', invoice);

    expect((await feedHas(booker, 2)).map((event) => [event.type, event.sequence])).toEqual([
      ['booking.created', 1],
      ['invoice.paid', 2],
    ]);
    expect((await feedHas(reader, 1)).map((event) => [event.id, event.sequence])).toEqual([[invoice.id, 1]]);
    expect((await feedHas(subscriber, 1)).map((event) => [event.id, event.sequence])).toEqual([
      [invoice.id, 1],
    ]);
    expect(await catchUp(outsider)).toEqual([]);
    await waitFor(() => expect(hooks.received).toHaveLength(1));
    expect(JSON.parse((hooks.received[0] as Received).rawBody)).toMatchObject({
      id: invoice.id,
      sequence: 1,
    });
  });

  it('when a booking event reaches an endpoint, then the delivery carries the sequence the feed shows for it', async () => {
    const who = caller(nextClient());
    const hooks = await webhook.receiver();
    await webhook.service().client.registerEndpoint({ caller: who, url: hooks.url, events: [] });
    await webhook.publisher().publish('booking.events', bookingEvent(who.clientId));
    const second = bookingEvent(who.clientId, { type: 'booking.cancelled' });
    await webhook.publisher().publish('booking.events', second);
    await waitFor(() => expect(hooks.received).toHaveLength(2), { timeoutMs: 20_000 });
    const delivered = hooks.bodies().find((body) => body.id === second.id) as { sequence?: number };
    const listed = await feedClient.getEvent({ caller: who, id: second.id });
    expect(delivered.sequence).toBe(2);
    expect(listed.event?.sequence).toBe(2);
  });

  it('when a call has no caller or a staff caller, then it is forbidden; a bad query is bad_request naming every failing field', async () => {
    const who = caller(nextClient());
    expect(await codeOf(feedClient.listEvents({ limit: 10 }))).toBe('forbidden');
    expect(await codeOf(feedClient.getEvent({ id: 'evt_x' }))).toBe('forbidden');
    for (const staff of [
      staffCaller({ userId: 'usr_p' }),
      staffCaller({ userId: 'usr_t', tenantId: 'ten_a' }),
    ])
      expect(await codeOf(feedClient.listEvents({ caller: staff, limit: 10 }))).toBe('forbidden');
    const refused = (await feedClient
      .listEvents({ caller: who, limit: 0, after: 3, cursor: 'nope', type: 'booking.updated' })
      .catch((error: unknown) => error)) as { code?: string; details?: Array<{ path: string }> };
    expect(refused.code).toBe('bad_request');
    expect(refused.details?.map((problem) => problem.path).sort()).toEqual([
      'after',
      'cursor',
      'limit',
      'type',
    ]);
  });

  it("when a tenant's staff read a client's feed (the partner console), then only a stream made for their tenant", async () => {
    const tenantId = `ten_${nextClient()}`;
    const booker = caller(nextClient(), 'live', tenantId);
    await webhook.publisher().publish('booking.events', bookingEvent(booker.clientId, { tenantId }));
    const [event] = await feedHas(booker, 1);
    const staffOf = (tenant: string, rights = ['api-console']) =>
      staffCaller({ userId: `usr_${tenant}`, tenantId: tenant, rights });
    const own = { clientId: booker.clientId, environment: 'live', limit: 10 };
    const read = await feedClient.listEvents({ caller: staffOf(tenantId), ...own });
    expect(read.events.map((listed) => [listed.id, listed.sequence])).toEqual([[event?.id, 1]]);
    const none = await feedClient.listEvents({ caller: staffOf(tenantId), ...own, environment: 'test' });
    expect(none.events).toEqual([]);
    expect(await codeOf(feedClient.listEvents({ caller: staffOf(`${tenantId}x`), ...own }))).toBe(
      'not_found',
    );
    expect(await codeOf(feedClient.listEvents({ caller: staffOf(tenantId, []), ...own }))).toBe('forbidden');
    const unnamed = (await feedClient
      .listEvents({ caller: staffOf(tenantId), limit: 10 })
      .catch((error: unknown) => error)) as { code?: string; details?: Array<{ path: string }> };
    expect([unnamed.code, unnamed.details?.map((problem) => problem.path).sort()]).toEqual([
      'bad_request',
      ['clientId', 'environment'],
    ]);
  });

  it("when a tenant's staff read one event of a client (a delivery's payload), then only from a stream made for their tenant, in its mode", async () => {
    const tenantId = `ten_${nextClient()}`;
    const booker = caller(nextClient(), 'live', tenantId);
    await webhook.publisher().publish('booking.events', bookingEvent(booker.clientId, { tenantId }));
    const [listed] = await feedHas(booker, 1);
    const id = listed?.id as string;
    const staffOf = (tenant: string, rights = ['api-console']) =>
      staffCaller({ userId: `usr_${tenant}`, tenantId: tenant, rights });
    const own = { clientId: booker.clientId, environment: 'live', id };
    const read = await feedClient.getEvent({ caller: staffOf(tenantId), ...own });
    expect(read.event).toEqual(listed);
    const refusals = await Promise.all([
      codeOf(feedClient.getEvent({ caller: staffOf(tenantId), ...own, environment: 'test' })),
      codeOf(feedClient.getEvent({ caller: staffOf(`${tenantId}x`), ...own })),
      codeOf(feedClient.getEvent({ caller: staffOf(tenantId), ...own, clientId: nextClient() })),
      codeOf(feedClient.getEvent({ caller: staffOf(tenantId, []), ...own })),
      codeOf(feedClient.getEvent({ caller: staffOf(tenantId), id })),
    ]);
    expect(refusals).toEqual(['not_found', 'not_found', 'not_found', 'forbidden', 'bad_request']);
  });

  it('when an event is recorded, then it is kept 30 days: its entry expires then, the store drops it, and an id of a dropped event is not_found', async () => {
    documented('gateway/openapi/partner.texts.yaml', 'Events are kept 30 days after they happened.');
    documented(
      'gateway/openapi/partner.texts.yaml',
      "`404 not_found` when no event of the calling client in the key's environment has this id: another client's, the other environment's, one older than 30 days, or an id of another form.",
    );
    const who = caller(nextClient());
    const event = bookingEvent(who.clientId);
    const before = Date.now();
    await webhook.publisher().publish('booking.events', event);
    await feedHas(who, 1);
    const entries = webhook.service().connection.collection('webhook_feed_events');
    const stored = await entries.findOne({ eventId: event.id });
    if (!stored) throw new Error(`no feed entry for ${event.id}`);
    const keptDays = ((stored.expiresAt as Date).getTime() - before) / 86_400_000;
    expect(keptDays).toBeGreaterThanOrEqual(30);
    expect(keptDays).toBeLessThan(30.01);
    // The store deletes an entry once its `expiresAt` has passed.
    expect(await entries.indexes()).toContainEqual(
      expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: 0 }),
    );
    // What the TTL index does 30 days later: the event is in no page and not found by its id.
    await entries.deleteMany({ eventId: event.id });
    expect(await catchUp(who)).toEqual([]);
    expect(await codeOf(feedClient.getEvent({ caller: who, id: event.id }))).toBe('not_found');
  });
});

describe('feed repository', () => {
  const entry = (clientId: number, id = newEventId()) => ({
    id,
    type: 'booking.created' as const,
    clientId,
    environment: 'live' as const,
    created: new Date(),
    livemode: true,
    data: { id: 'bkg_1' },
  });
  const inAMonth = () => new Date(Date.now() + 30 * 86_400_000);

  /** The store's own counts (`top`) of reads, inserts and updates on the feed's two collections. */
  const opsOn = async () => {
    const connection = webhook.service().connection;
    const { totals } = (await connection.getClient().db('admin').command({ top: 1 })) as {
      totals: Record<string, Record<string, { count: number }>>;
    };
    const ns = (name: string) => totals[`${connection.name}.${name}`] ?? {};
    const count = (name: string, kind: string) => ns(name)[kind]?.count ?? 0;
    return ['webhook_feed_events', 'webhook_feed_streams'].flatMap((name) =>
      ['queries', 'insert', 'update'].map((kind) => count(name, kind)),
    );
  };
  const opsSince = async (before: number[]) => {
    const [entryReads, entryInserts, , streamReads, , streamUpdates] = (await opsOn()).map(
      (n, i) => n - (before[i] ?? 0),
    );
    return { entryReads, entryInserts, streamReads, streamUpdates };
  };

  it('when twenty appends to one stream race, then they take 1..20, each once', async () => {
    const feed = createFeedRepository(webhook.service().connection);
    const clientId = nextClient();
    const taken = await Promise.all(oneTo(20).map(() => feed.append(entry(clientId), null, inAMonth())));
    expect([...taken].sort((a, b) => a - b)).toEqual(oneTo(20));
  });

  it('when two replicas append to one stream by turns and at once, then the numbers run 1..N, each once', async () => {
    const connection = webhook.service().connection;
    const [first, second] = [createFeedRepository(connection), createFeedRepository(connection)];
    const clientId = nextClient();
    const taken: number[] = [];
    // By turns: each replica's remembered highest is behind the other's every time.
    for (let i = 0; i < 6; i++)
      taken.push(await (i % 2 ? second : first).append(entry(clientId), null, inAMonth()));
    // At once: both replicas, ten appends each.
    const racing = oneTo(20).map((i) => (i % 2 ? second : first).append(entry(clientId), null, inAMonth()));
    taken.push(...(await Promise.all(racing)));
    expect([...taken].sort((a, b) => a - b)).toEqual(oneTo(26));
  });

  it("when a replica appends to a stream it numbered last, then each append is the entry's insert and the stream's update, without a read", async () => {
    const feed = createFeedRepository(webhook.service().connection);
    const clientId = nextClient();
    await feed.append(entry(clientId), null, inAMonth());
    const before = await opsOn();
    for (let i = 0; i < 5; i++) await feed.append(entry(clientId), null, inAMonth());
    expect(await opsSince(before)).toEqual({
      entryReads: 0,
      entryInserts: 5,
      streamReads: 0,
      streamUpdates: 5,
    });
  });

  it('when appends to a stream it numbered last arrive together, then they share the inserts and stream updates after the first', async () => {
    const feed = createFeedRepository(webhook.service().connection);
    const clientId = nextClient();
    await feed.append(entry(clientId), null, inAMonth());
    const before = await opsOn();
    const taken = await Promise.all(oneTo(10).map(() => feed.append(entry(clientId), null, inAMonth())));
    expect([...taken].sort((a, b) => a - b)).toEqual(oneTo(11).slice(1));
    // The first insert goes alone and the nine that queued behind it go in one; the stream's `$max` likewise
    // (the first's, then the first of the nine while the others queue behind it).
    const ops = await opsSince(before);
    expect(ops).toEqual({
      entryReads: 0,
      entryInserts: 2,
      streamReads: 0,
      streamUpdates: expect.any(Number),
    });
    expect(ops.streamUpdates).toBeLessThanOrEqual(3);
  });

  it('when an append stopped after storing its entry, then appending the event again answers the same sequence and the stream moves on after it', async () => {
    const feed = createFeedRepository(webhook.service().connection);
    const clientId = nextClient();
    const entries = webhook.service().connection.collection('webhook_feed_events');
    expect(await feed.append(entry(clientId), null, inAMonth())).toBe(1);
    // A crash between the entry's insert and the stream's update: the entry is there, the stream says 1.
    const crashed = entry(clientId);
    const { id, ...fields } = crashed;
    await entries.insertOne({
      _id: `${id}:${clientId}` as never,
      eventId: id,
      ...fields,
      sequence: 2,
      expiresAt: inAMonth(),
    });
    expect(await feed.append(entry(clientId), null, inAMonth())).toBe(3);
    expect(await feed.append(crashed, null, inAMonth())).toBe(2);
  });

  it("when every entry of a stream has expired, then numbering goes on after the stream's highest, never from 1 again", async () => {
    const feed = createFeedRepository(webhook.service().connection);
    const clientId = nextClient();
    for (let i = 0; i < 3; i++) await feed.append(entry(clientId), null, inAMonth());
    // What the TTL index does 30 days later.
    await webhook.service().connection.collection('webhook_feed_events').deleteMany({ clientId });
    expect(await feed.append(entry(clientId), null, inAMonth())).toBe(4);
  });
});
