import { AsyncLocalStorage } from 'node:async_hooks';
import { createLogger } from '@travel/logger';
import { createPeriodicJob } from './periodic-job';

const logger = createLogger({ name: 'test', level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('periodic job', () => {
  it('when nudged during a run, then it runs once more right after, never two runs at once', async () => {
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    const job = createPeriodicJob({
      name: 'test',
      everyMs: 60_000,
      logger,
      run: async () => {
        active++;
        maxActive = Math.max(maxActive, active);
        runs++;
        await sleep(20);
        active--;
      },
    });
    await job.start();
    await sleep(5);
    job.nudge();
    job.nudge();
    await sleep(80);
    await job.stop();
    expect(runs).toBe(2);
    expect(maxActive).toBe(1);
  });

  it('when a run fails, then the job logs it and runs again at its next turn', async () => {
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
    await sleep(60);
    await job.stop();
    expect(runs).toBeGreaterThan(2);
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
    await sleep(10);
    requestContext.run('req_1', () => job.nudge());
    await sleep(20);
    await job.stop();
    expect(seen).toEqual([undefined, undefined]);
  });
});

describe('periodic job with an idle backoff', () => {
  /** Starts a job whose passes answer `found()`, and records when each pass began. */
  function watched(found: () => boolean | undefined, options: { everyMs: number; idleMaxMs?: number }) {
    const passes: number[] = [];
    const job = createPeriodicJob({
      name: 'backoff',
      ...options,
      logger,
      run: async () => {
        passes.push(performance.now());
        return found();
      },
    });
    return { job, passes };
  }
  const gaps = (passes: number[]) => passes.slice(1).map((at, i) => at - (passes[i] ?? at));

  it('when passes find nothing, then the pause doubles up to its maximum', async () => {
    const { job, passes } = watched(() => false, { everyMs: 10, idleMaxMs: 80 });
    await job.start();
    await sleep(450);
    await job.stop();
    // 20, 40, 80, 80, 80...: about 7 passes in 450 ms where a 10 ms pace makes 30 or more.
    expect(passes.length).toBeGreaterThanOrEqual(4);
    expect(passes.length).toBeLessThanOrEqual(10);
    expect(Math.max(...gaps(passes))).toBeLessThan(80 + 60);
    expect(gaps(passes).at(-1)).toBeGreaterThanOrEqual(75);
  });

  it('when passes find work, or the job has no backoff, then it keeps its pace', async () => {
    const working = watched(() => true, { everyMs: 10, idleMaxMs: 80 });
    const plain = watched(() => false, { everyMs: 10 });
    await Promise.all([working.job.start(), plain.job.start()]);
    await sleep(300);
    await Promise.all([working.job.stop(), plain.job.stop()]);
    expect(working.passes.length).toBeGreaterThanOrEqual(12);
    expect(plain.passes.length).toBeGreaterThanOrEqual(12);
  });

  it('when nudged after backing off, then it runs at once and starts again from its pace', async () => {
    const { job, passes } = watched(() => false, { everyMs: 20, idleMaxMs: 5_000 });
    await job.start();
    await sleep(350); // passes at 0, 40, 120, 280: the next pause is 320 ms
    const before = passes.length;
    const nudgedAt = performance.now();
    job.nudge();
    await sleep(150);
    await job.stop();
    // The nudged pass at once, then one 40 ms later (twice the pace), not after 320 ms or more.
    expect(passes.length).toBeGreaterThanOrEqual(before + 2);
    expect((passes[before] ?? Number.POSITIVE_INFINITY) - nudgedAt).toBeLessThan(30);
    expect((passes[before + 1] ?? Number.POSITIVE_INFINITY) - (passes[before] ?? 0)).toBeLessThan(100);
  });

  it('when a pass fails after backing off, then the next one comes at the pace again', async () => {
    let failNext = false;
    const passes: number[] = [];
    const job = createPeriodicJob({
      name: 'backoff-failing',
      everyMs: 20,
      idleMaxMs: 5_000,
      logger,
      run: async () => {
        passes.push(performance.now());
        if (failNext) {
          failNext = false;
          throw new Error('broker down');
        }
        return false;
      },
    });
    await job.start();
    await sleep(150); // passes at 0, 40, 120: the next pause is 160 ms
    failNext = true;
    job.nudge();
    await sleep(60);
    await job.stop();
    const failed = passes.length - 2;
    // The failed pass, then one 20 ms later: a failure is retried at the pace, whatever the backoff had reached.
    expect((passes[failed + 1] ?? Number.POSITIVE_INFINITY) - (passes[failed] ?? 0)).toBeLessThan(50);
  });
});
