import { apiUsage } from '@travel/contracts';
import {
  createEventPublisher,
  type EventPublisher,
  namespaced,
  newEventId,
  type OutgoingEvent,
  parkedTopicOf,
} from '@travel/events';
import { testLogger, waitFor } from '@travel/testkit';
import { API_USAGE_TOPIC, USAGE_CONSUMER_GROUP } from '../src/events/api-usage.consumer';
import { type ApiAccessUnderTest, PLATFORM, startApiAccess } from './api-access.fixture';

let identity: ApiAccessUnderTest;
let gateway: EventPublisher;

beforeAll(async () => {
  identity = await startApiAccess();
  gateway = createEventPublisher({
    kafka: identity.kafka,
    topics: [API_USAGE_TOPIC],
    topicOptions: { partitions: 1, replicationFactor: 1 },
    logger: testLogger(),
  });
  await gateway.start();
});
afterAll(async () => {
  await gateway.stop();
  await identity.stop();
});

let nextClientId = 1000;
const DAY = '2026-01-10';
const NEXT_DAY = '2026-01-11';

function call(clientId: number, overrides: Partial<apiUsage.ApiCall> = {}): apiUsage.ApiCall {
  return {
    at: new Date(`${DAY}T12:00:00Z`),
    clientId,
    keyId: `key_${clientId}`,
    method: 'GET',
    route: '/api/v1/bookings/:id',
    status: 200,
    latencyMs: 10,
    requestId: 'req_usage',
    ...overrides,
  };
}

/** A batch of single calls, as gateways sent before they counted totals. */
function batch(calls: apiUsage.ApiCall[], id = newEventId()): OutgoingEvent {
  return usageEvent(Buffer.from(apiUsage.ApiCalls.encode({ calls, totals: [] }).finish()), id);
}

/** A batch of totals, as gateways send now. */
function totalsBatch(totals: apiUsage.ApiCallTotal[]): OutgoingEvent {
  return usageEvent(Buffer.from(apiUsage.ApiCalls.encode({ calls: [], totals }).finish()));
}

function usageEvent(payload: Buffer, id = newEventId()): OutgoingEvent {
  return {
    id,
    type: 'api.calls',
    occurredAt: new Date(),
    tenantId: '',
    clientId: '',
    livemode: false,
    payload,
    key: id,
  };
}

const usageOf = (clientId: number, from = DAY, to = NEXT_DAY) =>
  identity.apiAccess.getUsage({ caller: PLATFORM, from, to, clientId }).then((reply) => reply.rows);

/** Publishes a batch for a client of its own and waits until identity has counted it. */
async function sentinel(): Promise<void> {
  const clientId = nextClientId++;
  await gateway.publish(API_USAGE_TOPIC, [batch([call(clientId)])]);
  await waitFor(async () => expect(await usageOf(clientId)).toHaveLength(1), { timeoutMs: 30_000 });
}

async function parkedCount(): Promise<number> {
  const admin = identity.kafka.admin();
  await admin.connect();
  try {
    const offsets = await admin.fetchTopicOffsets(parkedTopicOf(namespaced(identity.kafka, API_USAGE_TOPIC)));
    return offsets.reduce((sum, partition) => sum + Number(partition.high), 0);
  } finally {
    await admin.disconnect();
  }
}

describe('api usage', () => {
  it('when gateways report calls (as totals, or one by one as older gateways did), then GetUsage counts them per day, client, key and route', async () => {
    const clientId = nextClientId++;
    const other = nextClientId++;
    await gateway.publish(API_USAGE_TOPIC, [
      batch([
        call(clientId, { latencyMs: 1 }),
        call(clientId, { status: 404, latencyMs: 2 }),
        call(clientId, { status: 502, latencyMs: 2 }),
        call(clientId, { method: 'POST', route: '/api/v1/bookings', status: 201, latencyMs: 40.25 }),
        call(clientId, { keyId: 'key_second', at: new Date(`${NEXT_DAY}T00:00:00Z`) }),
        call(other),
      ]),
      totalsBatch([
        {
          day: DAY,
          clientId,
          keyId: `key_${clientId}`,
          method: 'GET',
          route: '/api/v1/bookings/:id',
          requests: 1,
          clientErrors: 0,
          serverErrors: 0,
          latencySumMs: 8.5,
          latencyMaxMs: 8.5,
        },
      ]),
    ]);
    const expected = [
      {
        day: DAY,
        clientId,
        keyId: `key_${clientId}`,
        route: 'GET /api/v1/bookings/:id',
        requests: 4,
        clientErrors: 1,
        serverErrors: 1,
        averageLatencyMs: 3.4,
        maxLatencyMs: 8.5,
      },
      {
        day: DAY,
        clientId,
        keyId: `key_${clientId}`,
        route: 'POST /api/v1/bookings',
        requests: 1,
        clientErrors: 0,
        serverErrors: 0,
        averageLatencyMs: 40.3,
        maxLatencyMs: 40.25,
      },
      {
        day: NEXT_DAY,
        clientId,
        keyId: 'key_second',
        route: 'GET /api/v1/bookings/:id',
        requests: 1,
        clientErrors: 0,
        serverErrors: 0,
        averageLatencyMs: 10,
        maxLatencyMs: 10,
      },
    ];
    await waitFor(async () => expect(await usageOf(clientId)).toEqual(expected), { timeoutMs: 30_000 });
    expect(await usageOf(clientId, NEXT_DAY, NEXT_DAY)).toEqual([expected[2]]);
    const { rows: byKey } = await identity.apiAccess.getUsage({
      caller: PLATFORM,
      from: DAY,
      to: NEXT_DAY,
      keyId: 'key_second',
    });
    expect(byKey).toEqual([expected[2]]);
    const { rows: everyone } = await identity.apiAccess.getUsage({ caller: PLATFORM, from: DAY, to: DAY });
    expect(everyone.map((row) => row.clientId)).toEqual(expect.arrayContaining([clientId, other]));
  });

  it('when a batch is delivered again, also after its handled mark was lost, then it is counted once', async () => {
    const clientId = nextClientId++;
    const original = batch([call(clientId), call(clientId, { latencyMs: 30 })]);
    await gateway.publish(API_USAGE_TOPIC, [original]);
    await waitFor(async () => expect((await usageOf(clientId))[0]?.requests).toBe(2), { timeoutMs: 30_000 });

    await gateway.publish(API_USAGE_TOPIC, [original]);
    await sentinel();
    expect((await usageOf(clientId))[0]?.requests).toBe(2);

    // As after a crash between storing the rows and marking the event handled: the rows' ids decide.
    await identity.connection
      .collection<{ _id: string }>('processed_events')
      .deleteOne({ _id: `${USAGE_CONSUMER_GROUP}:${original.id}` });
    await gateway.publish(API_USAGE_TOPIC, [original]);
    await sentinel();
    const processed = await identity.connection
      .collection<{ _id: string }>('processed_events')
      .countDocuments({ _id: `${USAGE_CONSUMER_GROUP}:${original.id}` });
    expect(processed).toBe(1);
    expect(await usageOf(clientId)).toEqual([
      expect.objectContaining({ requests: 2, averageLatencyMs: 20, maxLatencyMs: 30 }),
    ]);
  });

  it('when a batch cannot be decoded or holds an impossible call, then it is parked and later batches still count', async () => {
    const before = await parkedCount();
    await gateway.publish(API_USAGE_TOPIC, [
      usageEvent(Buffer.from([0x0a, 0xff, 0xff, 0xff])),
      batch([call(nextClientId++, { status: 42 })]),
    ]);
    await sentinel();
    await waitFor(async () => expect(await parkedCount()).toBe(before + 2), { timeoutMs: 10_000 });
  });

  it('when the day range is malformed, reversed or longer than 92 days, then bad_request names the field', async () => {
    const ask = (from: string, to: string) => identity.apiAccess.getUsage({ caller: PLATFORM, from, to });
    await expect(ask('2026-1-10', '2026-02-30')).rejects.toMatchObject({
      code: 'bad_request',
      details: [
        { path: 'from', message: expect.any(String) },
        { path: 'to', message: expect.any(String) },
      ],
    });
    await expect(ask('2026-01-11', '2026-01-10')).rejects.toMatchObject({
      code: 'bad_request',
      details: [{ path: 'to', message: expect.any(String) }],
    });
    await expect(ask('2026-01-01', '2026-04-03')).rejects.toMatchObject({ code: 'bad_request' });
    expect((await ask('2026-01-01', '2026-04-02')).rows).toEqual(expect.any(Array));
  });
});
