import { type Reservation, type ShareDecision, windowShare } from './window-share';

/**
 * A shared window of `limit` calls, reserving `calls` at a time and counting its reservations, with a clock
 * the test moves and `take`: one replica's share of it. Each reservation's window ends `windowMs` after the
 * clock.
 */
function sharedWindow(limit: number, calls: number, windowMs = 60_000) {
  let counted = 0;
  const window = {
    clock: 0,
    reservations: 0,
    async reserve(): Promise<Reservation> {
      window.reservations += 1;
      const before = counted;
      counted += calls;
      return {
        granted: Math.max(0, Math.min(calls, limit - before)),
        sharedRemaining: Math.max(0, limit - counted),
        windowEndsAt: window.clock + windowMs,
      };
    },
    reset() {
      counted = 0;
    },
    take: (): Promise<ShareDecision> => share(),
  };
  const share = windowShare(
    () => window.reserve(),
    () => window.clock,
  );
  return window;
}

describe('a replica’s share of a window', () => {
  it('when calls come, then they spend a reservation and ask again only when it is spent', async () => {
    const window = sharedWindow(100, 10);
    const take = window.take;
    const decisions = [];
    for (let call = 0; call < 11; call += 1) decisions.push(await take());
    expect(window.reservations).toBe(2);
    expect(decisions.slice(0, 3).map((d) => d.remaining)).toEqual([99, 98, 97]);
    expect(decisions[10]).toEqual({ allowed: true, remaining: 89, windowEndsAt: 60_000 });
  });

  it('when calls come together, then they wait for one reservation and share it', async () => {
    const window = sharedWindow(100, 10);
    const take = window.take;
    const decisions = await Promise.all(Array.from({ length: 25 }, () => take()));
    expect(decisions.every((d) => d.allowed)).toBe(true);
    expect(window.reservations).toBe(3);
  });

  it('when the window is full, then calls are refused without asking until it ends, and a new window admits again', async () => {
    const window = sharedWindow(3, 1, 1000);
    const take = window.take;
    const allowed = [];
    for (let call = 0; call < 6; call += 1) allowed.push((await take()).allowed);
    expect(allowed).toEqual([true, true, true, false, false, false]);
    expect(window.reservations).toBe(4);
    window.clock = 1000;
    window.reset();
    expect(await take()).toEqual({ allowed: true, remaining: 2, windowEndsAt: 2000 });
  });

  it('when a reservation only partly fits, then only the part that fits is admitted', async () => {
    const window = sharedWindow(15, 10);
    const take = window.take;
    const allowed = [];
    for (let call = 0; call < 17; call += 1) allowed.push((await take()).allowed);
    expect(allowed.filter(Boolean)).toHaveLength(15);
    expect(allowed.slice(15)).toEqual([false, false]);
  });

  it('when a reservation fails, then the calls waiting on it fail, and the next call asks again', async () => {
    let fail = true;
    const take = windowShare(
      async () => {
        if (fail) throw new Error('store down');
        return { granted: 1, sharedRemaining: 0, windowEndsAt: 60_000 };
      },
      () => 0,
    );
    await expect(Promise.all([take(), take()])).rejects.toThrow('store down');
    fail = false;
    expect((await take()).allowed).toBe(true);
  });
});
