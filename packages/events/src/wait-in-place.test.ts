import { waitInPlace } from './wait-in-place';

/** A batch whose heartbeats are counted; `stale` turns true to stand for a rebalance. */
function batch() {
  const state = { heartbeats: 0, stale: false };
  return {
    state,
    controls: {
      heartbeat: async () => {
        state.heartbeats++;
      },
      isRunning: () => true,
      isStale: () => state.stale,
    },
  };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('waiting in place for the next attempt', () => {
  it('when the wait runs its course, then it heartbeats every second of it and says go on', async () => {
    const { state, controls } = batch();
    const waited = waitInPlace(3500, controls, new AbortController().signal);
    await jest.advanceTimersByTimeAsync(3500);
    expect(await waited).toBe(true);
    expect(state.heartbeats).toBe(4);
  });

  it('when the consumer stops, then the wait ends at once and says stop', async () => {
    const { state, controls } = batch();
    const stopping = new AbortController();
    const waited = waitInPlace(600_000, controls, stopping.signal);
    await jest.advanceTimersByTimeAsync(2000);
    stopping.abort();
    await jest.advanceTimersByTimeAsync(0);
    expect(await waited).toBe(false);
    expect(state.heartbeats).toBe(2);
  });

  it('when the partition is being reassigned, then the wait ends at its next heartbeat and says stop', async () => {
    const { state, controls } = batch();
    const waited = waitInPlace(600_000, controls, new AbortController().signal);
    await jest.advanceTimersByTimeAsync(1000);
    state.stale = true;
    await jest.advanceTimersByTimeAsync(1000);
    expect(await waited).toBe(false);
  });
});
