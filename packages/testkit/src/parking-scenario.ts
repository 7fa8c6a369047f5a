import { caller, parkedEvents } from '@travel/contracts';
import { metricValue } from '@travel/metrics';
import { type RelayedAudit, watchAuditTrail } from './audit-trail';
import { createServiceClient } from './peer-tls';
import { waitFor } from './wait-for';

/** The retry budget component tests give a service (`KAFKA_RETRY_*`): three runs within a second. */
export const SHORT_RETRY_BUDGET = {
  KAFKA_RETRY_ATTEMPTS: '3',
  KAFKA_RETRY_FIRST_DELAY_MS: '100',
  KAFKA_RETRY_MAX_DELAY_MS: '200',
};

/** Platform staff as the gateway names them; `rights` defaults to the parked-event right. */
export function platformStaffCaller(rights = ['events']): caller.Caller {
  return {
    kind: caller.Caller_Kind.KIND_PLATFORM_STAFF,
    userId: 'usr_ops',
    email: 'ops@example.com',
    rights,
    clientId: 0,
    environment: '',
    job: '',
    ip: '127.0.0.1',
    requestId: 'req_parking',
  };
}

/** What a database command needs: a mongoose connection's `db` is one. */
interface CommandTarget {
  db?: { command(command: object): Promise<unknown> } | undefined;
}

/**
 * Makes the store refuse documents of `collection` whose `field` is `value` (a collection validator), so a
 * handler's write of one chosen event fails the way a bug or a bad state would, until `allow()` lifts it.
 */
export async function refuseDocuments(
  connection: CommandTarget,
  collection: string,
  field: string,
  value: unknown,
) {
  const db = connection.db;
  if (!db) throw new Error('the connection is not open');
  const validator = { [field]: { $ne: value } };
  try {
    await db.command({ collMod: collection, validator });
  } catch (error) {
    if ((error as { code?: number }).code !== 26) throw error;
    await db.command({ create: collection, validator });
  }
  return { allow: () => db.command({ collMod: collection, validator: {} }) };
}

/** One consumer group of a service under test, and how the test drives and observes it. */
export interface ParkingScenario {
  /** The service's gRPC address (it serves `ParkedEventsService`). */
  address: string;
  /** The service's `KAFKA_NAMESPACE`: its audit relay publishes the operator's entries on its `audit.entries`. */
  namespace: string;
  group: string;
  topic: string;
  /** The service's database; the bad event's write goes to `collection` with `field` set to `value`. */
  connection: CommandTarget;
  refused: { collection: string; field: string; value: unknown };
  /** Publishes a good event, the bad one, then another good one; their event ids. */
  publishGoodBadGood(): Promise<{ bad: string; good: string[] }>;
  /** Publishes bytes that are no envelope onto the topic. */
  publishUndecodable(): Promise<void>;
  /** How many records the handling of this event left (1 once handled; 2 would be a double). */
  recordsOf(eventId: string): Promise<number>;
}

const WAIT = { timeoutMs: 60_000, intervalMs: 200 };

/**
 * The life of a parked event in one consumer group, through the service's real consumer, store and gRPC
 * service: the good events around a bad one are handled; the bad one is parked within its budget and listed;
 * a replay before the fix fails again, one after it handles the event once; an undecodable message is parked
 * at once and discarded with a reason; a caller without the right `events` is refused; each replay and the
 * discard reach the service's `audit.entries` with the operator. What it saw is returned for the test to
 * check, with the metrics' moves.
 */
export async function runParkingScenario(scenario: ParkingScenario) {
  const { group, topic } = scenario;
  const client = createServiceClient(parkedEvents.ParkedEventsServiceDefinition, scenario.address, {
    deadlineMs: 20_000,
  });
  const operator = platformStaffCaller();
  const counters = async () => ({
    retries: await metricValue('kafka_consumer_retries_total', { group, topic }),
    budget: await metricValue('kafka_consumer_parked_total', { group, topic, reason: 'budget' }),
    poison: await metricValue('kafka_consumer_parked_total', { group, topic, reason: 'poison' }),
  });
  const parkedNow = () => metricValue('kafka_consumer_parked_events', { group });
  const listed = async (status = 'parked') =>
    (await client.listParkedEvents({ caller: operator, group, status, limit: 100 })).events;
  const before = await counters();
  const trail = await watchAuditTrail(scenario.namespace);

  const { refused } = scenario;
  const guard = await refuseDocuments(scenario.connection, refused.collection, refused.field, refused.value);
  const { bad, good } = await scenario.publishGoodBadGood();
  await waitFor(async () => {
    for (const id of good)
      if ((await scenario.recordsOf(id)) !== 1) throw new Error(`good event ${id} not handled`);
  }, WAIT);
  const parked = await waitFor(async () => {
    const found = (await listed()).find((event) => event.eventId === bad);
    if (!found) throw new Error(`event ${bad} is not parked yet`);
    return found;
  }, WAIT);
  const read = (await client.getParkedEvent({ caller: operator, id: parked.id })).event;
  const whileParked = await parkedNow();
  const refusedWithoutRight = await client
    .getParkedEvent({ caller: platformStaffCaller(['audit']), id: parked.id })
    .then(
      () => 'ok',
      (error) => (error as { code?: string }).code,
    );
  const replayBeforeFix = await client.replayParkedEvent({ caller: operator, id: parked.id });
  await guard.allow();
  const replay = await client.replayParkedEvent({ caller: operator, id: parked.id });
  const recordsAfterReplay = await scenario.recordsOf(bad);

  await scenario.publishUndecodable();
  const poison = await waitFor(async () => {
    const found = (await listed()).find((event) => event.reason === 'poison');
    if (!found) throw new Error('the undecodable message is not parked yet');
    return found;
  }, WAIT);
  const discarded = (
    await client.discardParkedEvent({ caller: operator, id: poison.id, reason: 'test bytes' })
  ).event;
  // A park is listed once stored, and counted once its copy to `<topic>.parked` is sent: wait for the count.
  const after = await waitFor(async () => {
    const now = await counters();
    if (now.poison === before.poison) throw new Error('the poison park is not counted yet');
    return now;
  }, WAIT);
  const audited = (entries: RelayedAudit[]) =>
    entries.map(({ action, details, actorUserId, actorEmail, ip, requestId }) => ({
      action,
      handled: details.handled,
      reason: details.reason,
      ofGroup: details.group === group && details.topic === topic,
      by: { actorUserId, actorEmail, ip, requestId },
    }));
  const audit = {
    replays: audited(await trail.of(parked.id, 2)),
    discard: audited(await trail.of(poison.id)),
  };
  await trail.stop();
  return {
    goodHandled: good.length,
    parked: { ...parked, payload: undefined },
    readSame: read?.id === parked.id && read.payload.length > 0,
    refusedWithoutRight,
    replayBeforeFix: { handled: replayBeforeFix.handled, attempts: replayBeforeFix.event?.attempts },
    replay: { handled: replay.handled, status: replay.event?.status, resolvedBy: replay.event?.resolvedBy },
    recordsAfterReplay,
    poison: { reason: poison.reason, attempts: poison.attempts, eventId: poison.eventId },
    discarded: { status: discarded?.status, discardReason: discarded?.discardReason },
    stillParked: (await listed()).map((event) => event.id),
    audit,
    metrics: {
      retries: after.retries - before.retries,
      parkedForBudget: after.budget - before.budget,
      parkedAsPoison: after.poison - before.poison,
      parkedWhileParked: whileParked,
      parkedAtEnd: await parkedNow(),
    },
  };
}

/** The operator of `platformStaffCaller` as their audit entries name them. */
const OPERATOR = {
  actorUserId: 'usr_ops',
  actorEmail: 'ops@example.com',
  ip: '127.0.0.1',
  requestId: 'req_parking',
};

/** What every consumer group's scenario must show with `SHORT_RETRY_BUDGET` (three runs). */
export const EXPECTED_PARKING = {
  readSame: true,
  refusedWithoutRight: 'forbidden',
  replayBeforeFix: { handled: false, attempts: 4 },
  replay: { handled: true, status: 'replayed', resolvedBy: 'ops@example.com' },
  recordsAfterReplay: 1,
  poison: { reason: 'poison', attempts: 1, eventId: '' },
  discarded: { status: 'discarded', discardReason: 'test bytes' },
  stillParked: [],
  audit: {
    replays: [
      { action: 'parked_event.replayed', handled: false, ofGroup: true, by: OPERATOR },
      { action: 'parked_event.replayed', handled: true, ofGroup: true, by: OPERATOR },
    ],
    discard: [{ action: 'parked_event.discarded', reason: 'test bytes', ofGroup: true, by: OPERATOR }],
  },
  metrics: { retries: 2, parkedForBudget: 1, parkedAsPoison: 1, parkedWhileParked: 1, parkedAtEnd: 0 },
};

/** Bytes that are no event envelope (a protobuf field with a truncated length). */
export const UNDECODABLE = Buffer.from([0xff, 0x00, 0x13]);

/** What sending needs of a kafkajs client (a `Kafka` of @travel/events' `createKafka` is one). */
interface ProducerSource {
  producer(): {
    connect(): Promise<void>;
    send(record: { topic: string; messages: { key: string; value: Buffer }[] }): Promise<unknown>;
    disconnect(): Promise<void>;
  };
}

/** Sends raw bytes (undecodable by default) to a topic, by its full name (namespace included), under `key`. */
export async function publishBytes(kafka: ProducerSource, topic: string, key: string, value = UNDECODABLE) {
  const producer = kafka.producer();
  await producer.connect();
  try {
    await producer.send({ topic, messages: [{ key, value }] });
  } finally {
    await producer.disconnect();
  }
}
