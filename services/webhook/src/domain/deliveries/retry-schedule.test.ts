import { nextStepAfter } from './retry-schedule';

const delays = [60_000, 300_000];
const result = (acknowledged: boolean) => ({
  at: new Date('2026-11-23T10:00:00.000Z'),
  statusCode: acknowledged ? 200 : 500,
  error: null,
  durationMs: 250,
  acknowledged,
});

describe('nextStepAfter', () => {
  it('when an attempt is acknowledged, then the delivery is done, whatever its number', () => {
    expect(nextStepAfter(3, result(true), delays)).toEqual({ status: 'acknowledged' });
  });

  it('when an attempt fails with retries left, then the next is due its delay after the attempt ended', () => {
    expect(nextStepAfter(2, result(false), delays)).toEqual({
      status: 'pending',
      dueAt: new Date('2026-11-23T10:05:00.250Z'),
    });
  });

  it('when the last attempt fails, then the delivery has failed', () => {
    expect(nextStepAfter(3, result(false), delays)).toEqual({ status: 'failed' });
  });
});
