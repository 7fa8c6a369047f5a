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

  describe('on the fake clock (exact, whatever the machine load)', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());
    const advance = (ms: number) => jest.advanceTimersByTimeAsync(ms);
    /** `start()` and `stop()` wait for a pass, which only the fake clock moving can finish. */
    const whileAdvancing = async (step: Promise<void>) => {
      await advance(0);
      await advance(100);
      await step;
    };

    it('when time passes, then it is refreshed in the background, one report per period', async () => {
      let reports = 0;
      const snapshot = createHealthSnapshot({ check: async () => report(++reports), everyMs: 50, logger });
      await whileAdvancing(snapshot.start());
      expect(reports).toBe(3); // at 0, 50 and 100
      await advance(180);
      await snapshot.stop();
      // At 150, 200 and 250 too: never one per read, never more often than the period.
      expect(reports).toBe(6);
      expect(snapshot.current().checkedAt).toBe(new Date(6).toISOString());
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
      await whileAdvancing(snapshot.start()); // the first at 0, the second from 1 to 101: at 100, still in flight
      expect(inFlight).toBe(1);
      expect(snapshot.current().checkedAt).toBe(new Date(1).toISOString());
      await advance(150); // the second ends at 101, the third runs from 102 to 202, the fourth from 203
      await whileAdvancing(snapshot.stop()); // waits for the fourth, and starts no fifth
      expect(reports).toBe(4);
      expect(most).toBe(1);
    });
  });
});
