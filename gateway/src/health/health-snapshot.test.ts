import { AsyncLocalStorage } from 'node:async_hooks';
import { createLogger } from '@travel/logger';
import { createHealthSnapshot } from './health-snapshot';
import type { PlatformHealth } from './platform-health';

const logger = createLogger({ name: 'test', level: 'silent' });
const report = (n: number) => ({ status: 'ok', checkedAt: new Date(n).toISOString() }) as PlatformHealth;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const numberOf = (health: PlatformHealth) => Date.parse(health.checkedAt);

describe('the health snapshot', () => {
  it('when started, then the first report is ready at once; reading it many times asks nothing more', async () => {
    let reports = 0;
    const snapshot = createHealthSnapshot({ check: async () => report(++reports), everyMs: 60_000, logger });
    await snapshot.start();
    for (let i = 0; i < 1000; i++) expect(snapshot.current().checkedAt).toBe(new Date(1).toISOString());
    expect(reports).toBe(1);
    await snapshot.stop();
  });

  it('when nobody reads it, then it asks nobody after its first report', async () => {
    let reports = 0;
    const snapshot = createHealthSnapshot({ check: async () => report(++reports), everyMs: 20, logger });
    await snapshot.start();
    await sleep(250);
    expect(reports).toBe(1);
    await snapshot.stop();
  });

  it('when a read finds the report older than the period, then it gets that report at once and one refresh starts for the next reads', async () => {
    let reports = 0;
    const snapshot = createHealthSnapshot({
      check: async () => {
        if (reports > 0) await sleep(80);
        return report(++reports);
      },
      everyMs: 30,
      logger,
    });
    await snapshot.start();
    await sleep(50);
    const started = performance.now();
    expect(numberOf(snapshot.current())).toBe(1); // the old one, without waiting for the refresh
    expect(performance.now() - started).toBeLessThan(20);
    for (let i = 0; i < 100; i++) expect(numberOf(snapshot.current())).toBe(1); // one refresh in flight, no other
    await sleep(120);
    expect(reports).toBe(2);
    expect(numberOf(snapshot.current())).toBe(2);
    await snapshot.stop();
  });

  it('when read without pause, then it is refreshed at most once per period and never two at once', async () => {
    let reports = 0;
    let inFlight = 0;
    let most = 0;
    const snapshot = createHealthSnapshot({
      check: async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        await sleep(5);
        inFlight--;
        return report(++reports);
      },
      everyMs: 50,
      logger,
    });
    await snapshot.start();
    const until = performance.now() + 300;
    while (performance.now() < until) {
      snapshot.current();
      await sleep(2);
    }
    await snapshot.stop();
    // ~300 ms / (50 ms + the report's 5 ms): kept fresh for its readers, never once per read.
    expect(reports).toBeGreaterThanOrEqual(3);
    expect(reports).toBeLessThanOrEqual(7);
    expect(most).toBe(1);
  });

  it("when a request's read starts a refresh, then the report is made outside that request's context", async () => {
    const requestContext = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const snapshot = createHealthSnapshot({
      check: async () => {
        seen.push(requestContext.getStore());
        return report(seen.length);
      },
      everyMs: 10,
      logger,
    });
    await snapshot.start();
    await sleep(20);
    requestContext.run('req_1', () => snapshot.current());
    await sleep(20);
    await snapshot.stop();
    expect(seen).toEqual([undefined, undefined]);
  });
});
