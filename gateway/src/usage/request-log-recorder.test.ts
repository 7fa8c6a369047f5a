import { apiRequestLog } from '@travel/contracts';
import type { EventPublisher, OutgoingEvent } from '@travel/events';
import { createLogger } from '@travel/logger';
import { metricValue } from '@travel/metrics';
import { boundedEnvelope, createRequestLogRecorder, type LoggedCall } from './request-log-recorder';

const logger = createLogger({ name: 'test', level: 'silent' });

const call = (requestId: string): LoggedCall => ({
  at: new Date('2026-11-30T10:00:00Z'),
  requestId,
  clientId: 7,
  keyId: 'key_7',
  tenantId: 'ten_1',
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

/** A publisher that refuses while `down` and keeps the request ids of what it accepted, batch by batch. */
function fakeKafka() {
  const state = { down: false, batches: [] as string[][] };
  const publisher = {
    async publish(_topic: string, events: OutgoingEvent[]) {
      if (state.down) throw new Error('kafka unreachable');
      for (const event of events)
        state.batches.push(apiRequestLog.ApiRequests.decode(event.payload).requests.map((r) => r.requestId));
    },
  } as unknown as EventPublisher;
  return { state, publisher };
}

describe('the request log recorder', () => {
  it('when calls are recorded, then a flush sends them in order, at most batchSize an event', async () => {
    const { state, publisher } = fakeKafka();
    const recorder = createRequestLogRecorder({ publisher, flushIntervalMs: 60_000, batchSize: 2, logger });
    for (const id of ['req_1', 'req_2', 'req_3']) recorder.record(call(id));
    await recorder.stop();
    expect(state.batches).toEqual([['req_1', 'req_2'], ['req_3']]);
  });

  it('when Kafka refuses and more calls come than the bound, then the oldest are dropped and counted, and the rest are sent once Kafka is back', async () => {
    const { state, publisher } = fakeKafka();
    const dropped = () => metricValue('gateway_request_log_dropped_total', {});
    const before = await dropped();
    const recorder = createRequestLogRecorder({
      publisher,
      flushIntervalMs: 60_000,
      batchSize: 2,
      maxBuffered: 3,
      logger,
    });
    state.down = true;
    recorder.record(call('req_1'));
    recorder.record(call('req_2'));
    await recorder.stop(); // refused: req_1 and req_2 wait as the refused batch
    for (const id of ['req_3', 'req_4', 'req_5', 'req_6', 'req_7']) recorder.record(call(id));
    // The ring holds 3: req_3 and req_4 made room for req_6 and req_7.
    expect((await dropped()) - before).toBe(2);
    state.down = false;
    await recorder.stop();
    expect(state.batches).toEqual([['req_1', 'req_2'], ['req_5', 'req_6'], ['req_7']]);
  });

  it('when record is called, then it returns at once without a promise, whatever Kafka does', () => {
    const { state, publisher } = fakeKafka();
    state.down = true;
    const recorder = createRequestLogRecorder({ publisher, flushIntervalMs: 60_000, maxBuffered: 1, logger });
    expect(recorder.record(call('req_1'))).toBeUndefined();
    expect(recorder.record(call('req_2'))).toBeUndefined();
  });

  it('when an error envelope is larger than 4 KiB, then its code, message and request id alone are kept', () => {
    const small = { error: { code: 'not_found', message: 'No booking.', requestId: 'req_1', details: null } };
    expect(JSON.parse(boundedEnvelope(small))).toEqual(small);
    const large = {
      error: { ...small.error, code: 'bad_request', details: [{ path: 'x', message: 'y'.repeat(5000) }] },
    };
    expect(JSON.parse(boundedEnvelope(large))).toEqual({
      error: { code: 'bad_request', message: 'No booking.', requestId: 'req_1', details: null },
    });
  });
});
