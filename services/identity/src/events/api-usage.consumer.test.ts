import { apiUsage } from '@travel/contracts';
import { type EventEnvelope, PoisonEventError } from '@travel/events';
import { decodeCalls } from './api-usage.consumer';

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
  at: new Date('2026-03-01T09:59:59Z'),
  clientId: 3,
  keyId: 'key_3',
  method: 'GET',
  route: '/api/v1/me',
  status: 200,
  latencyMs: 1.5,
  requestId: 'req_1',
};
const encode = (calls: apiUsage.ApiCall[]) => apiUsage.ApiCalls.encode({ calls }).finish();

describe('api usage consumer decoding', () => {
  it('when a batch is well formed, then its calls come out; a call without a time takes the event time', () => {
    const calls = decodeCalls(envelope(encode([call, { ...call, at: undefined }])));
    expect(calls.map((decoded) => decoded.at)).toEqual([call.at, occurredAt]);
    expect(calls[0]).toMatchObject({
      clientId: 3,
      keyId: 'key_3',
      method: 'GET',
      status: 200,
      latencyMs: 1.5,
    });
  });

  it('when the payload is not a batch, then it is poison', () => {
    expect(() => decodeCalls(envelope(Buffer.from([0x0a, 0xff, 0xff, 0xff])))).toThrow(PoisonEventError);
  });

  it('when a call lacks its method or has an impossible status, then the batch is poison', () => {
    expect(() => decodeCalls(envelope(encode([{ ...call, method: '' }])))).toThrow(PoisonEventError);
    expect(() => decodeCalls(envelope(encode([{ ...call, status: 42 }])))).toThrow(PoisonEventError);
  });
});
