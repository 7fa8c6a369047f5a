import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { redisOrMemory } from './redis-or-memory';

const WAIT_MS = 200;
const REST_MS = 1000;

/**
 * Redis as the combinator sees it: each call answers when the test says so (a stalled Redis is one the test never
 * answers), and the replica's real in-memory window of 10 calls a minute beside it.
 */
function windows() {
  const memory = new RateLimiterMemory({ points: 10, duration: 60 });
  const waiting: Array<{ answer(points: number): void; refuse(): void; fail(): void }> = [];
  let calls = 0;
  const shared = () =>
    new Promise<RateLimiterRes>((resolve, reject) => {
      calls += 1;
      waiting.push({
        answer: (points) => resolve(new RateLimiterRes(10 - points, 60_000, points)),
        refuse: () => reject(new RateLimiterRes(0, 60_000, 11)),
        fail: () => reject(new Error('ECONNRESET')),
      });
    });
  return {
    shared,
    local: () => memory.consume('key_1'),
    /** The calls Redis was asked. */
    sharedCalls: () => calls,
    /** The call Redis was asked last. */
    last: () => waiting[waiting.length - 1] as (typeof waiting)[number],
    /** What this replica counted in memory. */
    counted: async () => (await memory.get('key_1'))?.consumedPoints ?? 0,
  };
}

/** Lets the promises settled so far run their callbacks (the in-memory window answers in a microtask). */
const settle = () => jest.advanceTimersByTimeAsync(0);

describe('Redis, or the in-memory window', () => {
  beforeEach(() => jest.useFakeTimers({ now: Date.parse('2026-11-29T10:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('when Redis answers, then its answer decides and the in-memory window counts the call too', async () => {
    const w = windows();
    const decide = redisOrMemory(WAIT_MS, REST_MS);
    const decided = decide(w.shared, w.local);
    w.last().answer(3);
    expect((await decided).consumedPoints).toBe(3);
    await settle();
    expect(await w.counted()).toBe(1);
  });

  it('when Redis refuses, then the refusal is the answer (not a fall-back) and the in-memory window counts the call', async () => {
    const w = windows();
    const decide = redisOrMemory(WAIT_MS, REST_MS);
    const decided = decide(w.shared, w.local);
    w.last().refuse();
    await expect(decided).rejects.toMatchObject({ consumedPoints: 11 });
    await settle();
    expect(await w.counted()).toBe(1);
  });

  it('when Redis fails, then the in-memory window answers at once, counts the call once, and the next call asks Redis again', async () => {
    const w = windows();
    const decide = redisOrMemory(WAIT_MS, REST_MS);
    const decided = decide(w.shared, w.local);
    w.last().fail();
    expect((await decided).consumedPoints).toBe(1);
    await settle();
    expect(await w.counted()).toBe(1);
    void decide(w.shared, w.local);
    expect(w.sharedCalls()).toBe(2);
  });

  it('when Redis does not answer within the wait, then the in-memory window answers, and a late answer is neither taken nor counted again', async () => {
    const w = windows();
    const decide = redisOrMemory(WAIT_MS, REST_MS);
    const decided = decide(w.shared, w.local);
    const stalled = w.last();
    await jest.advanceTimersByTimeAsync(WAIT_MS - 1);
    expect(await w.counted()).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect((await decided).consumedPoints).toBe(1);
    stalled.answer(5);
    await settle();
    expect(await w.counted()).toBe(1);
  });

  it.each(['fail', 'refuse'] as const)(
    'when a stalled Redis answers late with %s, then the call is not counted again',
    async (late) => {
      const w = windows();
      const decide = redisOrMemory(WAIT_MS, REST_MS);
      const decided = decide(w.shared, w.local);
      const stalled = w.last();
      await jest.advanceTimersByTimeAsync(WAIT_MS);
      expect((await decided).consumedPoints).toBe(1);
      stalled[late]();
      await settle();
      expect(await w.counted()).toBe(1);
    },
  );

  it('when Redis stalled, then the in-memory window answers alone until the rest is over, and Redis is asked again from its last millisecond', async () => {
    const w = windows();
    const decide = redisOrMemory(WAIT_MS, REST_MS);
    const first = decide(w.shared, w.local);
    await jest.advanceTimersByTimeAsync(WAIT_MS);
    await first;
    const resting = [];
    for (const step of [0, REST_MS / 2, REST_MS / 2 - 1]) {
      await jest.advanceTimersByTimeAsync(step);
      resting.push((await decide(w.shared, w.local)).consumedPoints);
    }
    expect(resting).toEqual([2, 3, 4]);
    expect(w.sharedCalls()).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    const again = decide(w.shared, w.local);
    expect(w.sharedCalls()).toBe(2);
    w.last().answer(7);
    expect((await again).consumedPoints).toBe(7);
  });
});
