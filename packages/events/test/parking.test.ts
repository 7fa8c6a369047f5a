import { type AuditActor, createAuditOutbox } from '@travel/audit';
import { metricValue } from '@travel/metrics';
import { createMongo } from '@travel/mongo';
import {
  type AuditTrail,
  testInfra,
  testLogger,
  uniqueName,
  waitFor,
  watchAuditTrail,
} from '@travel/testkit';
import {
  AUDIT_ENTRIES_TOPIC,
  createAuditRelay,
  createEventConsumer,
  createEventPublisher,
  createKafka,
  createParkedEventStore,
  createParkedEventsAdmin,
  type EventConsumer,
  newEventId,
  type OutgoingEvent,
  type ParkedEvent,
} from '../src';

// A real group on Kafka with a short retry budget, parking in a real store: the budget, per-key blocking,
// replay in order, idempotent parking and a prompt stop while an event waits for its next attempt; each
// replay and discard reaches `audit.entries` through the audit relay, with the operator who made it.
const infra = testInfra();
const logger = testLogger();
const namespace = `${uniqueName('ct_pk')}.`;
const kafka = createKafka(infra.kafkaBrokers, 'ct-parking', logger, namespace);
const topic = uniqueName('ct.parking');
const group = uniqueName('ct-parking-group');
const topicOptions = { partitions: 1, replicationFactor: 1 };
const mongo = createMongo({ url: infra.mongoUrl, database: uniqueName('ct_parking'), logger });
const audit = createAuditOutbox();
const store = createParkedEventStore(mongo.connection, 'ct', audit);
const publisher = createEventPublisher({ kafka, topics: [topic, AUDIT_ENTRIES_TOPIC], topicOptions, logger });
const auditRelay = createAuditRelay({
  service: 'ct',
  outbox: audit,
  publisher,
  config: { AUDIT_RELAY_POLL_MS: 200, AUDIT_RELAY_RESCAN_MS: 30_000 },
  logger,
});
let trail: AuditTrail;
/** The operator as the Caller names them (`auditActorOf`). */
const ops: AuditActor = {
  userId: 'usr_ops',
  email: 'ops@example.com',
  tenantId: null,
  ip: '198.51.100.7',
  requestId: 'req_ct_parking',
};
/** Event ids the handler refuses (a bug not fixed yet); `handled` in the order the handler took them. */
const broken = new Set<string>();
const handled: string[] = [];
const consumer = createEventConsumer({
  kafka,
  groupId: group,
  topics: [topic],
  topicOptions,
  parkedEvents: store,
  keyOrderAfterPark: 'block',
  retryBudget: { attempts: 3, firstDelayMs: 50, maxDelayMs: 200 },
  logger,
  async handle(event) {
    if (broken.has(event.id)) throw new Error(`cannot handle ${event.id} yet`);
    handled.push(event.id);
  },
});
const admin = createParkedEventsAdmin({ store, consumers: [consumer] });

const event = (key: string, id = newEventId()): OutgoingEvent => ({
  id,
  type: 'test.happened',
  occurredAt: new Date(),
  tenantId: 'ten_1',
  clientId: 'cli_1',
  livemode: true,
  payload: Buffer.from('payload'),
  key,
});
const parkedOf = async (eventId: string) =>
  (await admin.list({ group, limit: 100 })).events.find((parked) => parked.eventId === eventId);
const parkedTotal = (reason: string) => metricValue('kafka_consumer_parked_total', { group, topic, reason });

beforeAll(async () => {
  await mongo.start();
  await mongo.migrate();
  await publisher.start();
  await auditRelay.start();
  await consumer.start();
  trail = await watchAuditTrail(namespace);
});
afterAll(async () => {
  await trail.stop();
  await consumer.stop();
  await auditRelay.stop();
  await publisher.stop();
  await mongo.connection.dropDatabase();
  await mongo.stop();
});

describe('a failing event within its retry budget', () => {
  it('when an event fails for good, then it is parked after its budget, later events of its key wait behind it, others go on; a replay handles both in order', async () => {
    const bad = event('bkg_a');
    const behind = event('bkg_a');
    const other = event('bkg_b');
    broken.add(bad.id);
    await publisher.publish(topic, [event('bkg_z'), bad, behind, other]);

    await waitFor(() => expect(handled).toContain(other.id), { timeoutMs: 30_000 });
    expect(handled).not.toContain(bad.id);
    expect(handled).not.toContain(behind.id);
    const parked = (await parkedOf(bad.id)) as ParkedEvent;
    expect(parked).toMatchObject({
      group,
      topic,
      partition: 0,
      key: 'bkg_a',
      reason: 'budget',
      attempts: 3,
      status: 'parked',
      lastError: `cannot handle ${bad.id} yet`,
    });
    expect(parked.id).toMatch(/^pev_ct_[0-9a-f]{24}$/);
    expect(parked.lastFailedAt.getTime()).toBeGreaterThan(parked.firstFailedAt.getTime());
    expect(await parkedOf(behind.id)).toMatchObject({ reason: 'blocked', attempts: 0 });
    expect(await metricValue('kafka_consumer_retries_total', { group, topic })).toBe(2);
    expect(await parkedTotal('budget')).toBe(1);
    expect(await parkedTotal('blocked')).toBe(1);
    expect(await metricValue('kafka_consumer_parked_events', { group })).toBe(2);

    // Order is kept: the event behind cannot be replayed before the one that blocks it.
    const blocked = (await parkedOf(behind.id)) as ParkedEvent;
    await expect(admin.replay(blocked.id, ops, logger)).rejects.toMatchObject({
      code: 'conflict',
    });
    // Still broken: it stays parked with one attempt more.
    const again = await admin.replay(parked.id, ops, logger);
    expect(again).toMatchObject({
      handled: false,
      followersHandled: 0,
      event: { status: 'parked', attempts: 4 },
    });

    broken.delete(bad.id);
    const replayed = await admin.replay(parked.id, ops, logger);
    expect(replayed).toMatchObject({ handled: true, followersHandled: 1 });
    expect(replayed.event).toMatchObject({ status: 'replayed', resolvedBy: 'ops@example.com' });
    expect(handled.filter((id) => id === bad.id || id === behind.id)).toEqual([bad.id, behind.id]);
    expect(await admin.get(blocked.id)).toMatchObject({ status: 'replayed' });
    expect(await metricValue('kafka_consumer_parked_events', { group })).toBe(0);
    await expect(admin.replay(parked.id, ops, logger)).rejects.toMatchObject({
      code: 'conflict',
    });

    // The key is free again: its next event is handled as usual.
    const next = event('bkg_a');
    await publisher.publish(topic, [next]);
    await waitFor(() => expect(handled).toContain(next.id), { timeoutMs: 30_000 });

    // Each replay that changed a record is in the log with its operator; the refused one changed nothing.
    const replays = await trail.of(parked.id, 2);
    expect(replays.map((entry) => [entry.action, entry.details.handled])).toEqual([
      ['parked_event.replayed', false],
      ['parked_event.replayed', true],
    ]);
    expect(replays[1]).toMatchObject({
      targetType: 'parked_event',
      actorUserId: 'usr_ops',
      actorEmail: 'ops@example.com',
      ip: '198.51.100.7',
      requestId: 'req_ct_parking',
      details: { group, topic, eventId: bad.id, eventType: 'test.happened' },
    });
    const [follower, ...more] = await trail.of(blocked.id);
    expect(more).toEqual([]);
    expect(follower).toMatchObject({
      action: 'parked_event.replayed',
      details: { handled: true, after: parked.id, eventId: behind.id },
    });
  });

  it('when the same message is parked twice (a crash mid-park), then it is one record', async () => {
    const at = new Date();
    const record = {
      group,
      topic: 'ct.other',
      partition: 2,
      offset: 41,
      key: null,
      value: Buffer.from([1, 2, 3]),
      eventId: null,
      eventType: null,
      reason: 'poison' as const,
      lastError: 'undecodable',
      attempts: 1,
      firstFailedAt: at,
      lastFailedAt: at,
      parkedAt: at,
    };
    const first = await store.park(record);
    const second = await store.park({ ...record, lastError: 'again' });
    expect(second).toMatchObject({ id: first.id, lastError: 'undecodable' });
    expect(Buffer.from(second.value)).toEqual(Buffer.from([1, 2, 3]));
    const discarded = await admin.discard(first.id, ' test data ', ops);
    expect(discarded).toMatchObject({
      status: 'discarded',
      discardReason: 'test data',
      resolvedBy: 'ops@example.com',
    });
    await expect(admin.discard(first.id, 'twice', ops)).rejects.toMatchObject({ code: 'conflict' });
    const [entry, ...more] = await trail.of(first.id);
    expect(entry).toMatchObject({
      action: 'parked_event.discarded',
      actorEmail: 'ops@example.com',
      details: { group, topic: 'ct.other', eventId: null, reason: 'test data' },
    });
    expect(more).toEqual([]);
  });

  it('when list pages are followed by their cursor, then every parked event is listed once, newest first', async () => {
    const at = Date.now();
    for (let offset = 0; offset < 5; offset++)
      await store.park({
        group: `${group}-pages`,
        topic,
        partition: 0,
        offset,
        key: null,
        value: Buffer.alloc(0),
        eventId: null,
        eventType: null,
        reason: 'poison',
        lastError: 'x',
        attempts: 1,
        firstFailedAt: new Date(at),
        lastFailedAt: new Date(at),
        parkedAt: new Date(at + (offset % 3) * 1000),
      });
    const seen: ParkedEvent[] = [];
    let cursor: string | undefined;
    do {
      const page = await admin.list({ group: `${group}-pages`, limit: 2, cursor });
      seen.push(...page.events);
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen.map((parked) => parked.id)).size).toBe(5);
    const times = seen.map((parked) => parked.parkedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    await expect(admin.list({ limit: 2, cursor: 'bm90LWEtY3Vyc29y' })).rejects.toMatchObject({
      code: 'bad_request',
    });
  });
});

describe('stopping while an event waits for its next attempt', () => {
  it('when the consumer stops, then it stops without waiting out the retry and the event stays unparked', async () => {
    const slowTopic = uniqueName('ct.parking-slow');
    const failing = event('bkg_s');
    let runs = 0;
    const slow: EventConsumer = createEventConsumer({
      kafka,
      groupId: uniqueName('ct-parking-slow'),
      topics: [slowTopic],
      topicOptions,
      parkedEvents: store,
      keyOrderAfterPark: 'proceed',
      // The next attempt would be ten minutes away.
      retryBudget: { attempts: 8, firstDelayMs: 600_000, maxDelayMs: 600_000 },
      logger,
      async handle() {
        runs++;
        throw new Error('down for a while');
      },
    });
    await slow.start();
    await publisher.publish(slowTopic, [failing]);
    await waitFor(() => expect(runs).toBe(1), { timeoutMs: 30_000 });
    await slow.stop();
    expect(runs).toBe(1);
    expect(await parkedOf(failing.id)).toBeUndefined();
  }, 60_000);
});
