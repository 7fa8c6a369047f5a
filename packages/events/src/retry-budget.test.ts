import { AppError } from '@travel/errors';
import { PoisonEventError } from './poison';
import { budgetSpanMs, createRetryTracker, DEFAULT_RETRY_BUDGET } from './retry-budget';

/** A clock the test moves by hand. */
function manualClock(start = Date.parse('2026-11-26T10:00:00Z')) {
  let at = start;
  return { now: () => new Date(at), advance: (ms: number) => (at += ms) };
}

const storeDown = () =>
  Object.assign(new Error('connect ECONNREFUSED'), { name: 'MongoServerSelectionError' });

describe('retry budget', () => {
  it('when a handler keeps failing, then it is retried with doubling waits up to the maximum and parked at the last attempt', () => {
    const clock = manualClock();
    const tracker = createRetryTracker(DEFAULT_RETRY_BUDGET, clock.now);
    const runs = [];
    for (let run = 1; run <= 8; run++) {
      const failure = tracker.failed(new Error(`bug ${run}`));
      runs.push(failure);
      if ('retryInMs' in failure.next) clock.advance(failure.next.retryInMs);
    }
    expect(runs.map((failure) => failure.next)).toEqual([
      { retryInMs: 5000 },
      { retryInMs: 10_000 },
      { retryInMs: 20_000 },
      { retryInMs: 40_000 },
      { retryInMs: 80_000 },
      { retryInMs: 160_000 },
      { retryInMs: 300_000 },
      { park: 'budget' },
    ]);
    expect(runs[7]?.history).toEqual({
      attempts: 8,
      firstFailedAt: new Date('2026-11-26T10:00:00Z'),
      lastFailedAt: new Date(Date.parse('2026-11-26T10:00:00Z') + 615_000),
      lastError: 'bug 8',
    });
    expect(budgetSpanMs(DEFAULT_RETRY_BUDGET)).toBe(615_000);
  });

  it('when the event is poison, then it is parked at the first failure', () => {
    const tracker = createRetryTracker(DEFAULT_RETRY_BUDGET, manualClock().now);
    expect(tracker.failed(new PoisonEventError('bad payload'))).toMatchObject({
      next: { park: 'poison' },
      history: { attempts: 1, lastError: 'bad payload' },
    });
  });

  it('when the store is unavailable, then the event is retried every 1 to 10 s without spending its budget', () => {
    const tracker = createRetryTracker(
      { attempts: 2, firstDelayMs: 100, maxDelayMs: 1000 },
      manualClock().now,
    );
    const outage = Array.from({ length: 6 }, () => tracker.failed(storeDown()).next);
    expect(outage).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000].map((retryInMs) => ({ retryInMs })));
    expect(tracker.failed(new Error('bug')).next).toEqual({ retryInMs: 100 });
    expect(tracker.failed(new Error('bug'))).toMatchObject({
      next: { park: 'budget' },
      history: { attempts: 8 },
    });
  });

  it('when a service the handler calls answers service_unavailable, then that does not spend the budget either', () => {
    const tracker = createRetryTracker(
      { attempts: 1, firstDelayMs: 100, maxDelayMs: 1000 },
      manualClock().now,
    );
    expect(tracker.failed(new AppError('service_unavailable')).next).toEqual({ retryInMs: 1000 });
    expect(tracker.failed(new AppError('conflict')).next).toEqual({ park: 'budget' });
  });

  it('when the budget is one attempt, then the first ordinary failure parks', () => {
    const tracker = createRetryTracker({ attempts: 1, firstDelayMs: 10, maxDelayMs: 10 }, manualClock().now);
    expect(tracker.failed(new Error('bug')).next).toEqual({ park: 'budget' });
  });
});
