import { apiUsage } from '@travel/contracts';
import { type EventEnvelope, PoisonEventError } from '@travel/events';
import { decodeUsage } from './api-usage.consumer';

const occurredAt = new Date('2026-03-01T10:00:00Z');
const envelope = (payload: Uint8Array): EventEnvelope => ({
  id: 'evt_1',
  type: 'api.calls',
  occurredAt,
  tenantId: '',
  clientId: '',
  livemode: false,
  payload: Buffer.from(payload),
});
const call: apiUsage.ApiCall = {
  at: new Date('2026-02-28T23:59:59Z'),
  clientId: 3,
  keyId: 'key_3',
  method: 'GET',
  route: '/api/v1/me',
  status: 200,
  latencyMs: 1.5,
  requestId: 'req_1',
};
const total: apiUsage.ApiCallTotal = {
  day: '2026-03-01',
  clientId: 3,
  keyId: 'key_3',
  method: 'GET',
  route: '/api/v1/me',
  requests: 10,
  clientErrors: 2,
  serverErrors: 1,
  latencySumMs: 20,
  latencyMaxMs: 4,
};
const encode = (calls: apiUsage.ApiCall[], totals: apiUsage.ApiCallTotal[] = []) =>
  apiUsage.ApiCalls.encode({ calls, totals }).finish();

describe('api usage consumer decoding', () => {
  it('when a batch carries totals, then each becomes a row of its day, client, key and route', () => {
    expect(decodeUsage(envelope(encode([], [total])))).toEqual([
      {
        day: '2026-03-01',
        clientId: 3,
        keyId: 'key_3',
        route: 'GET /api/v1/me',
        requests: 10,
        clientErrors: 2,
        serverErrors: 1,
        latencySum: 20,
        latencyMax: 4,
      },
    ]);
  });

  it('when a batch carries single calls (an older gateway), then they are counted into the same rows; a call without a time takes the event time', () => {
    const rows = decodeUsage(envelope(encode([call, { ...call, at: undefined, status: 503 }], [total])));
    expect(rows.map((row) => [row.day, row.requests, row.serverErrors, row.latencyMax])).toEqual([
      ['2026-02-28', 1, 0, 1.5],
      ['2026-03-01', 11, 2, 4],
    ]);
  });

  it('when the payload is not a batch, then it is poison', () => {
    expect(() => decodeUsage(envelope(Buffer.from([0x0a, 0xff, 0xff, 0xff])))).toThrow(PoisonEventError);
  });

  it('when a call lacks its method or has an impossible status, then the batch is poison', () => {
    expect(() => decodeUsage(envelope(encode([{ ...call, method: '' }])))).toThrow(PoisonEventError);
    expect(() => decodeUsage(envelope(encode([{ ...call, status: 42 }])))).toThrow(PoisonEventError);
  });

  it('when a total has no day, no calls, or more errors than calls, then the batch is poison', () => {
    for (const bad of [
      { day: '' },
      { requests: 0 },
      { clientErrors: 6, serverErrors: 5 },
      { latencyMaxMs: -1 },
    ])
      expect(() => decodeUsage(envelope(encode([], [{ ...total, ...bad }])))).toThrow(PoisonEventError);
  });
});
