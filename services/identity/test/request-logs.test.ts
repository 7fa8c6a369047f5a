import { apiRequestLog } from '@travel/contracts';
import {
  createEventPublisher,
  type EventPublisher,
  newEventId,
  newRequestId,
  type OutgoingEvent,
} from '@travel/events';
import { staffCaller, testLogger, waitFor } from '@travel/testkit';
import { API_REQUEST_LOGS_TOPIC, API_REQUESTS_EVENT } from '../src/events/request-logs.consumer';
import { type ApiAccessUnderTest, PLATFORM, startApiAccess } from './api-access.fixture';

/** A tenant's staff member with the right of the tenant's API console. */
const consoleOf = (tenantId: string) =>
  staffCaller({
    userId: `usr_ct_${tenantId}`,
    email: `admin@${tenantId}.example`,
    tenantId,
    rights: ['api-console'],
    ip: '203.0.113.9',
    requestId: 'req_ct_request_logs',
  });

let identity: ApiAccessUnderTest;
let gateway: EventPublisher;

beforeAll(async () => {
  identity = await startApiAccess();
  gateway = createEventPublisher({
    kafka: identity.kafka,
    topics: [API_REQUEST_LOGS_TOPIC],
    topicOptions: { partitions: 1, replicationFactor: 1 },
    logger: testLogger(),
  });
  await gateway.start();
});
afterAll(async () => {
  await gateway.stop();
  await identity.stop();
});

const call = (requestId: string, tenantId: string): apiRequestLog.ApiRequest => ({
  at: new Date(),
  requestId,
  clientId: 7,
  keyId: 'key_7',
  tenantId,
  environment: 'live',
  method: 'GET',
  route: '/api/v1/me',
  path: '/api/v1/me',
  status: 200,
  latencyMs: 1,
  clientAddress: '203.0.113.7',
  idempotencyKey: '',
  errorEnvelope: '',
});

function batch(requests: apiRequestLog.ApiRequest[], id = newEventId()): OutgoingEvent {
  const payload = Buffer.from(apiRequestLog.ApiRequests.encode({ requests }).finish());
  return {
    id,
    type: API_REQUESTS_EVENT,
    occurredAt: new Date(),
    tenantId: '',
    clientId: '',
    livemode: false,
    payload,
    key: id,
  };
}

const listOf = (tenantId: string, caller = PLATFORM) =>
  identity.apiAccess.listRequestLogs({ caller, tenantId, limit: 100 }).then((reply) => reply.entries);

describe('identity keeps the request log', () => {
  it('when a batch is delivered twice, then each call is stored once', async () => {
    const tenant = `ten_redelivered_${Date.now()}`;
    const twice = batch([call('req_twice_1', tenant), call('req_twice_2', tenant)]);
    await gateway.publish(API_REQUEST_LOGS_TOPIC, [twice]);
    await gateway.publish(API_REQUEST_LOGS_TOPIC, [twice]);
    // One partition, in order: once the sentinel is stored, both deliveries have been handled.
    await gateway.publish(API_REQUEST_LOGS_TOPIC, [batch([call('req_twice_sentinel', tenant)])]);
    await waitFor(async () => expect(await listOf(tenant)).toHaveLength(3), { timeoutMs: 30_000 });
    expect((await listOf(tenant)).map((entry) => entry.requestId).sort()).toEqual([
      'req_twice_1',
      'req_twice_2',
      'req_twice_sentinel',
    ]);
  });

  it("when tenant staff ask for another tenant's calls, then identity answers their own tenant's only", async () => {
    const mine = `ten_mine_${Date.now()}`;
    const theirs = `ten_theirs_${Date.now()}`;
    await gateway.publish(API_REQUEST_LOGS_TOPIC, [
      batch([call('req_mine', mine), call('req_theirs', theirs)]),
    ]);
    await waitFor(async () => expect(await listOf(theirs)).toHaveLength(1), { timeoutMs: 30_000 });
    const asMine = await listOf(theirs, consoleOf(mine));
    expect(asMine.map((entry) => entry.requestId)).toEqual(['req_mine']);
    await expect(
      identity.apiAccess.getRequestLog({ caller: consoleOf(mine), requestId: 'req_theirs' }),
    ).rejects.toThrow(/NOT_FOUND|No call/);
  });

  it('when batches overlap in time, then the list pages through every call newest first across them, filtered', async () => {
    const tenant = `ten_pages_${Date.now()}`;
    const base = Date.now() - 60_000;
    // Three gateways' batches whose calls interleave in time: call n answered at base + n seconds, every third a 404.
    const timed = (n: number): apiRequestLog.ApiRequest => ({
      ...call(`req_page_${n}`, tenant),
      at: new Date(base + n * 1000),
      status: n % 3 === 0 ? 404 : 200,
      keyId: n % 2 === 0 ? 'key_even' : 'key_odd',
    });
    const batches = [0, 1, 2].map((gateway) =>
      batch([0, 1, 2, 3, 4, 5].map((step) => timed(step * 3 + gateway)).reverse()),
    );
    await gateway.publish(API_REQUEST_LOGS_TOPIC, batches);
    await waitFor(async () => expect(await listOf(tenant)).toHaveLength(18), { timeoutMs: 30_000 });

    const readAll = async (filter: Record<string, unknown>) => {
      const ids: string[] = [];
      let cursor: string | undefined;
      do {
        const reply = await identity.apiAccess.listRequestLogs({
          caller: PLATFORM,
          tenantId: tenant,
          limit: 4,
          ...filter,
          ...(cursor ? { cursor } : {}),
        });
        ids.push(...reply.entries.map((entry) => entry.requestId));
        cursor = reply.nextCursor;
      } while (cursor);
      return ids;
    };
    const newestFirst = (ns: number[]) => ns.sort((a, b) => b - a).map((n) => `req_page_${n}`);
    const all = Array.from({ length: 18 }, (_, n) => n);
    expect(await readAll({})).toEqual(newestFirst([...all]));
    expect(await readAll({ statusClass: 4 })).toEqual(newestFirst(all.filter((n) => n % 3 === 0)));
    expect(await readAll({ keyId: 'key_even', statusClass: 2 })).toEqual(
      newestFirst(all.filter((n) => n % 2 === 0 && n % 3 !== 0)),
    );
    expect(await readAll({ from: new Date(base + 5000), to: new Date(base + 11_000) })).toEqual(
      newestFirst([5, 6, 7, 8, 9, 10]),
    );
    const found = await identity.apiAccess.getRequestLog({ caller: PLATFORM, requestId: 'req_page_7' });
    expect(found.entry).toMatchObject({
      requestId: 'req_page_7',
      tenantId: tenant,
      status: 200,
      keyId: 'key_odd',
    });
  });

  it('when a page was written before callsJson (its calls as sub-documents), then it is still listed and found', async () => {
    const tenantId = `ten_old_${Date.now()}`;
    const at = new Date();
    const { tenantId: _tenant, environment: _mode, ...fields } = call('req_old_page', tenantId);
    await identity.connection.collection('api_request_log_pages').insertOne({
      _id: `evt_old|${tenantId}|live` as unknown as never,
      eventId: 'evt_old',
      tenantId,
      environment: 'live',
      first: at,
      last: at,
      keyIds: ['key_7'],
      statusClasses: [2],
      routes: ['/api/v1/me'],
      requestIds: ['req_old_page'],
      calls: [{ ...fields, at, index: 0 }],
      expiresAt: new Date(at.getTime() + 86_400_000),
    });
    expect((await listOf(tenantId)).map((entry) => [entry.requestId, entry.at])).toEqual([
      ['req_old_page', at],
    ]);
    const found = await identity.apiAccess.getRequestLog({ caller: PLATFORM, requestId: 'req_old_page' });
    expect(found.entry).toMatchObject({ requestId: 'req_old_page', tenantId, at });
  });

  it("when a call's id is the gateway's, then it is found by the time in it, with no index entry; a caller's own through the index", async () => {
    const tenantId = `ten_timed_${Date.now()}`;
    const ours = newRequestId();
    const late = newRequestId(Date.now() - 60_000);
    await gateway.publish(API_REQUEST_LOGS_TOPIC, [
      batch([call(ours, tenantId), call('order-2026-000042', tenantId), call(late, tenantId)]),
    ]);
    await waitFor(async () => expect(await listOf(tenantId)).toHaveLength(3), { timeoutMs: 30_000 });
    const [page] = await identity.connection.collection('api_request_log_pages').find({ tenantId }).toArray();
    // The caller's own id and the call answered a minute after its id was made are indexed; ours is not.
    expect([...(page?.requestIds ?? [])].sort()).toEqual(['order-2026-000042', late].sort());
    for (const requestId of [ours, 'order-2026-000042', late]) {
      const found = await identity.apiAccess.getRequestLog({ caller: consoleOf(tenantId), requestId });
      expect(found.entry).toMatchObject({ requestId, tenantId });
    }
    await expect(
      identity.apiAccess.getRequestLog({ caller: consoleOf(`${tenantId}_other`), requestId: ours }),
    ).rejects.toThrow(/NOT_FOUND|No call/);
  });
});
