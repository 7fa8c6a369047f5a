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
