import { createOncePerWindow } from './once-per-window';

function setUp(maxKeys = 100) {
  let clock = 1_000_000;
  const runs: string[] = [];
  const once = createOncePerWindow({ windowMs: 60_000, maxKeys, now: () => clock });
  const record = (key: string) => once.run(key, async () => void runs.push(key));
  const advance = (ms: number) => {
    clock += ms;
  };
  return { once, runs, record, advance };
}

describe('createOncePerWindow', () => {
  it('when one key is run again within the window, then the action ran once', async () => {
    const { runs, record, advance } = setUp();
    await record('usr_1|ten_1');
    advance(59_999);
    await record('usr_1|ten_1');
    expect(runs).toEqual(['usr_1|ten_1']);
  });

  it('when the window has passed, then the action runs again', async () => {
    const { runs, record, advance } = setUp();
    await record('usr_1|ten_1');
    advance(60_000);
    await record('usr_1|ten_1');
    expect(runs).toEqual(['usr_1|ten_1', 'usr_1|ten_1']);
  });

  it('when keys differ, then each runs its own action', async () => {
    const { runs, record } = setUp();
    await record('usr_1|ten_1');
    await record('usr_1|ten_2');
    await record('usr_2|ten_1');
    expect(runs).toEqual(['usr_1|ten_1', 'usr_1|ten_2', 'usr_2|ten_1']);
  });

  it('when calls for one key overlap, then they share the one action in flight and its outcome', async () => {
    const { once } = setUp();
    let release: () => void = () => undefined;
    let started = 0;
    const action = () => {
      started += 1;
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    };
    const both = Promise.all([once.run('k', action), once.run('k', action)]);
    release();
    await both;
    await once.run('k', action);
    expect(started).toBe(1);
  });

  it('when the action fails, then every waiting call fails and the next call runs it again', async () => {
    const { once, runs, record } = setUp();
    const failing = () => Promise.reject(new Error('identity unavailable'));
    const calls = [once.run('k', failing), once.run('k', failing)];
    await expect(calls[0]).rejects.toThrow('identity unavailable');
    await expect(calls[1]).rejects.toThrow('identity unavailable');
    expect(once.size()).toBe(0);
    await record('k');
    expect(runs).toEqual(['k']);
  });

  it('when more keys than the bound are run, then the oldest is forgotten first and runs again', async () => {
    const { once, runs, record } = setUp(2);
    await record('a');
    await record('b');
    await record('c');
    expect(once.size()).toBe(2);
    await record('c');
    await record('b');
    await record('a');
    expect(runs).toEqual(['a', 'b', 'c', 'a']);
  });

  it('when the window has passed for the oldest keys, then they are forgotten at the next call', async () => {
    const { once, record, advance } = setUp();
    await record('a');
    await record('b');
    advance(30_000);
    await record('c');
    advance(30_000);
    await record('d');
    expect(once.size()).toBe(2);
  });
});
