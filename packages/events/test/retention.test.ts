import { auditEntry, createAuditOutbox, systemActor } from '@travel/audit';
import { createMongo, createProcessedEvents, processedEventSchema } from '@travel/mongo';
import { awaitTtlPass, testInfra, testLogger, uniqueName } from '@travel/testkit';
import { createParkedEventStore, type NewParkedEvent, parkedEventSchema } from '../src';

// The retention of the consumers' own collections against the real store (docs/retention.md): processed
// event ids and resolved parked events are written with an end already past (the clock is theirs), then the
// store's TTL monitor runs once; a parked event still waiting for an operator is never deleted.
const mongo = createMongo({
  url: testInfra().mongoUrl,
  database: uniqueName('ct_ev_retention'),
  logger: testLogger(),
  collections: [processedEventSchema, parkedEventSchema],
});
const DAY_MS = 86_400_000;
const monthAgo = new Date(Date.now() - 31 * DAY_MS);
const processedThen = createProcessedEvents(mongo.connection, {
  retentionMs: 30 * DAY_MS,
  now: () => monthAgo,
});
const processedNow = createProcessedEvents(mongo.connection, { retentionMs: 30 * DAY_MS });
const parked = createParkedEventStore(mongo.connection, 'retention', createAuditOutbox(), {
  resolvedRetentionMs: 30 * DAY_MS,
});
/** The entry a resolution is stored with (no relay runs here: the TTL deletes the record, entry and all). */
const entryOf = (id: string, at: Date) =>
  auditEntry(systemActor(), { action: 'parked_event.replayed', target: { type: 'parked_event', id } }, at);

// The index migration first, as every process's database gets it before the process starts.
beforeAll(async () => {
  await mongo.migrate();
  await mongo.start();
});
afterAll(async () => {
  await mongo.connection.dropDatabase();
  await mongo.stop();
});

const parkedEvent = (offset: number, parkedAt: Date): NewParkedEvent => ({
  group: 'retention-group',
  topic: 'booking.events',
  partition: 0,
  offset,
  key: `bkg_${offset}`,
  value: Buffer.from('not an envelope'),
  eventId: null,
  eventType: null,
  reason: 'poison',
  lastError: 'undecodable',
  attempts: 1,
  firstFailedAt: parkedAt,
  lastFailedAt: parkedAt,
  parkedAt,
});

it('when processed ids are past their retention, then the store deletes them and keeps the recent ones', async () => {
  await processedThen.add('identity-usage', 'evt_old');
  await processedNow.add('identity-usage', 'evt_new');
  expect(await processedThen.has('identity-usage', 'evt_old')).toBe(true);
  await awaitTtlPass(mongo.connection.db);
  expect(await processedNow.has('identity-usage', 'evt_old')).toBe(false);
  expect(await processedNow.has('identity-usage', 'evt_new')).toBe(true);
}, 120_000);

it('when parked events were resolved longer ago than the grace period, then they are deleted; unresolved and recent ones stay', async () => {
  const longAgo = new Date(Date.now() - 60 * DAY_MS);
  const waiting = await parked.park(parkedEvent(1, longAgo));
  const replayed = await parked.park(parkedEvent(2, longAgo));
  const discarded = await parked.park(parkedEvent(3, longAgo));
  const recent = await parked.park(parkedEvent(4, longAgo));
  await parked.resolve(
    replayed.id,
    { status: 'replayed', by: 'usr_a', at: monthAgo },
    entryOf(replayed.id, monthAgo),
  );
  await parked.resolve(
    discarded.id,
    { status: 'discarded', by: 'usr_a', at: monthAgo, discardReason: 'test' },
    entryOf(discarded.id, monthAgo),
  );
  const now = new Date();
  await parked.resolve(recent.id, { status: 'replayed', by: 'usr_a', at: now }, entryOf(recent.id, now));
  await awaitTtlPass(mongo.connection.db);
  expect(await parked.find(waiting.id)).toMatchObject({ status: 'parked' });
  expect(await parked.find(replayed.id)).toBeNull();
  expect(await parked.find(discarded.id)).toBeNull();
  expect(await parked.find(recent.id)).toMatchObject({ status: 'replayed' });
}, 120_000);
