import { AsyncLocalStorage } from 'node:async_hooks';
import { createLogger } from '@travel/logger';
import { createPeriodicJob } from './periodic-job';

const logger = createLogger({ name: 'test', level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits until `done()` holds, so a slow or stalled machine delays a test instead of failing it (bounded at 5 s). */
async function until(done: () => boolean) {
  for (const startedAt = Date.now(); !done(); await sleep(2)) {
    if (Date.now() - startedAt > 5_000) throw new Error('condition not met within 5 s');
  }
}

describe('periodic job', () => {
  it('when nudged during a run, then it runs once more right after, never two runs at once', async () => {
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    const gates: (() => void)[] = [];
    const job = createPeriodicJob({
      name: 'test',
      everyMs: 60_000,
      logger,
      run: async () => {
        active++;
        maxActive = Math.max(maxActive, active);
        runs++;
        await new Promise<void>((release) => gates.push(release));
        active--;
      },
    });
    await job.start();
    await until(() => runs === 1);
    job.nudge();
    job.nudge();
    gates.shift()?.();
    await until(() => runs === 2);
    gates.shift()?.();
    await sleep(30); // a third run, if two nudges were counted as two, would start by now
    await job.stop();
    expect(runs).toBe(2);
    expect(maxActive).toBe(1);
  });

  it('when a run fails, then the job logs it and runs again at its next turn', async () => {
    jest.useFakeTimers();
    try {
      let runs = 0;
      const job = createPeriodicJob({
        name: 'failing',
        everyMs: 5,
        logger,
        run: async () => {
          runs++;
          throw new Error('boom');
        },
      });
      await job.start();
      await jest.advanceTimersByTimeAsync(60);
      await job.stop();
      expect(runs).toBe(13); // at 0, 5, 10 ... 60: every failure is followed by the next turn
    } finally {
      jest.useRealTimers();
    }
  });

  it('when stopped, then it waits for the run in progress and runs no more', async () => {
    let finished = false;
    let runs = 0;
    const job = createPeriodicJob({
      name: 'slow',
      everyMs: 1,
      logger,
      run: async () => {
        runs++;
        await sleep(30);
        finished = true;
      },
    });
    await job.start();
    await sleep(5);
    await job.stop();
    expect(finished).toBe(true);
    const after = runs;
    await sleep(20);
    expect(runs).toBe(after);
  });

  it('when a request handler nudges it, then the pass runs outside that request async context', async () => {
    // As a gRPC handler's call scope (deadline, cancellation) or trace span would be active when it nudges.
    const requestContext = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const job = createPeriodicJob({
      name: 'nudged',
      everyMs: 60_000,
      logger,
      run: async () => {
        await sleep(1);
        seen.push(requestContext.getStore());
      },
    });
    await job.start();
    await until(() => seen.length === 1);
    requestContext.run('req_1', () => job.nudge());
    await until(() => seen.length === 2);
    await job.stop();
    expect(seen).toEqual([undefined, undefined]);
  });
});

// On the fake clock: a pass's timing is exact, whatever the machine's load.
describe('periodic job with an idle backoff', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** Starts a job whose passes answer `found()`, and records when each pass began (ms after the start). */
  function watched(found: () => boolean | undefined, options: { everyMs: number; idleMaxMs?: number }) {
    const passes: number[] = [];
    const startedAt = Date.now();
    const job = createPeriodicJob({
      name: 'backoff',
      ...options,
      logger,
      run: async () => {
        passes.push(Date.now() - startedAt);
        return found();
      },
    });
    return { job, passes };
  }
  const advance = (ms: number) => jest.advanceTimersByTimeAsync(ms);

  it('when passes find nothing, then the pause doubles up to its maximum', async () => {
    const { job, passes } = watched(() => false, { everyMs: 10, idleMaxMs: 80 });
    await job.start();
    await advance(450);
    await job.stop();
    // Pauses of 20, 40, 80, 80...: 7 passes in 450 ms where a 10 ms pace makes 46.
    expect(passes).toEqual([0, 20, 60, 140, 220, 300, 380]);
  });

  it('when passes find work, or the job has no backoff, then it keeps its pace', async () => {
    const working = watched(() => true, { everyMs: 10, idleMaxMs: 80 });
    const plain = watched(() => false, { everyMs: 10 });
    await Promise.all([working.job.start(), plain.job.start()]);
    await advance(300);
    await Promise.all([working.job.stop(), plain.job.stop()]);
    const everyTen = Array.from({ length: 31 }, (_, i) => i * 10);
    expect(working.passes).toEqual(everyTen);
    expect(plain.passes).toEqual(everyTen);
  });

  it('when nudged after backing off, then it runs at once and starts again from its pace', async () => {
    const { job, passes } = watched(() => false, { everyMs: 20, idleMaxMs: 5_000 });
    await job.start();
    await advance(350); // passes at 0, 40, 120, 280: the next pause is 320 ms
    job.nudge();
    await advance(150);
    await job.stop();
    // The nudged pass at once, then one 40 ms later (twice the pace), not after 320 ms or more.
    expect(passes).toEqual([0, 40, 120, 280, 350, 390, 470]);
  });

  it('when a pass fails after backing off, then the next one comes at the pace again', async () => {
    let failNext = false;
    const { job, passes } = watched(
      () => {
        if (!failNext) return false;
        failNext = false;
        throw new Error('broker down');
      },
      { everyMs: 20, idleMaxMs: 5_000 },
    );
    await job.start();
    await advance(150); // passes at 0, 40, 120: the next pause is 160 ms
    failNext = true;
    job.nudge();
    await advance(60);
    await job.stop();
    // The failed pass at 150, then one 20 ms later: a failure is retried at the pace, whatever the backoff had reached.
    expect(passes).toEqual([0, 40, 120, 150, 170, 210]);
  });
});
