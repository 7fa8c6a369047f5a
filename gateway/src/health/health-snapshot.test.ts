import { createLogger } from '@travel/logger';
import { createHealthSnapshot } from './health-snapshot';
import type { PlatformHealth } from './platform-health';

const logger = createLogger({ name: 'test', level: 'silent' });
const report = (n: number) => ({ status: 'ok', checkedAt: new Date(n).toISOString() }) as PlatformHealth;

describe('the health snapshot', () => {
  it('when started, then the first report is ready at once; reading it many times asks nothing more', async () => {
    let reports = 0;
    const snapshot = createHealthSnapshot({ check: async () => report(++reports), everyMs: 60_000, logger });
    await snapshot.start();
    for (let i = 0; i < 1000; i++) expect(snapshot.current().checkedAt).toBe(new Date(1).toISOString());
    expect(reports).toBe(1);
    await snapshot.stop();
  });

  it('when time passes, then it is refreshed in the background, one report per period', async () => {
    let reports = 0;
    const snapshot = createHealthSnapshot({ check: async () => report(++reports), everyMs: 50, logger });
    await snapshot.start();
    await new Promise((resolve) => setTimeout(resolve, 280));
    await snapshot.stop();
    // ~280 ms / 50 ms: never one per read, never more often than the period.
    expect(reports).toBeGreaterThanOrEqual(3);
    expect(reports).toBeLessThanOrEqual(7);
    expect(snapshot.current().checkedAt).toBe(new Date(reports).toISOString());
  });

  it('when a report is slow, then reads answer the previous one at once and reports never overlap', async () => {
    let inFlight = 0;
    let most = 0;
    let reports = 0;
    const snapshot = createHealthSnapshot({
      check: async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        if (reports > 0) await new Promise((resolve) => setTimeout(resolve, 100));
        inFlight--;
        return report(++reports);
      },
      everyMs: 1,
      logger,
    });
    await snapshot.start();
    const started = performance.now();
    expect(snapshot.current().checkedAt).toBe(new Date(1).toISOString());
    expect(performance.now() - started).toBeLessThan(20);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await snapshot.stop();
    expect(most).toBe(1);
  });
});
