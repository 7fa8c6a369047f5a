import { documented } from '@travel/testkit';
import type { AttemptResult } from '../deliveries/delivery';
import { type CircuitPolicy, holdFor, nextStreak, type Streak, tripReason } from './circuit';

const POLICY: CircuitPolicy = {
  failures: 5,
  timeouts: 3,
  timeoutMs: 5000,
  openMs: 30_000,
  maxOpenMs: 600_000,
};
const at = new Date('2027-03-01T12:00:00Z');
const answered = (statusCode: number): AttemptResult => ({
  at,
  statusCode,
  error: null,
  durationMs: 20,
  acknowledged: statusCode < 300,
});
const noAnswer = (durationMs: number): AttemptResult => ({
  at,
  statusCode: null,
  error: durationMs >= 5000 ? 'no answer within 5000 ms' : 'connect ECONNREFUSED',
  durationMs,
  acknowledged: false,
});
const after = (results: AttemptResult[]): Streak =>
  results.reduce((streak, result) => nextStreak(streak, result, POLICY.timeoutMs), {
    failures: 0,
    timeouts: 0,
  });

describe('circuit breaker policy', () => {
  it('when attempts fail in a row, then it trips at the fifth, not before', () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'After 5 failed attempts in a row, or 3 in a row without an answer within 5 seconds, it opens',
    );
    documented(
      'docs/webhooks.md',
      'it **opens** after 5 failed attempts in a row (anything but a 2xx within 5 seconds), or 3 in a row that got no answer within 5 seconds',
    );
    expect(tripReason(after(Array(4).fill(answered(500))), POLICY)).toBeNull();
    expect(tripReason(after(Array(5).fill(answered(500))), POLICY)).toBe('5 attempts in a row failed');
  });

  it('when attempts time out in a row, then it trips at the third; a refused connection is a failure, not a timeout', () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'After 5 failed attempts in a row, or 3 in a row without an answer within 5 seconds, it opens',
    );
    expect(tripReason(after([noAnswer(5000), noAnswer(5003)]), POLICY)).toBeNull();
    expect(tripReason(after([noAnswer(5000), noAnswer(5003), noAnswer(5001)]), POLICY)).toBe(
      '3 attempts in a row got no answer within 5000 ms',
    );
    expect(after([noAnswer(5000), noAnswer(3), noAnswer(5000)])).toEqual({ failures: 3, timeouts: 1 });
  });

  it('when a 2xx comes between failures, then the streak starts again', () => {
    expect(after([...Array(4).fill(answered(503)), answered(204), answered(500)])).toEqual({
      failures: 1,
      timeouts: 0,
    });
  });

  it('when it opens again and again, then it holds 30 s, 60 s, 120 s ... up to 10 minutes', () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'a failed probe holds them twice as long each time, up to 10 minutes',
    );
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((openings) => holdFor(openings, POLICY) / 1000)).toEqual([
      30, 60, 120, 240, 480, 600, 600, 600,
    ]);
  });
});
