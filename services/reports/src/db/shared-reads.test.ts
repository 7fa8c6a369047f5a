import { createSharedReads } from './shared-reads';

/** A clock the test moves by hand, and loads that count their calls and finish when told. */
function world() {
  let at = 0;
  const calls: string[] = [];
  const shared = createSharedReads(1000, () => at);
  const read = (question: string, answer: number) =>
    shared.read(question, async () => {
      calls.push(question);
      return answer;
    });
  return { shared, read, calls, advance: (ms: number) => (at += ms) };
}

describe('shared report reads', () => {
  it('when the same question is asked again within the fresh time, then it is answered from the first read', async () => {
    const { read, calls, advance } = world();
    const answers = await Promise.all([read('q', 1), read('q', 2), read('q', 3)]);
    advance(999);
    answers.push(await read('q', 4));
    expect(answers).toEqual([1, 1, 1, 1]);
    expect(calls).toEqual(['q']);
  });

  it('when the fresh time has passed, then the question is read again', async () => {
    const { read, calls, advance } = world();
    await read('q', 1);
    advance(1000);
    expect(await read('q', 2)).toBe(2);
    expect(calls).toEqual(['q', 'q']);
  });

  it('when a fact was recorded since, then the next question is read again at once', async () => {
    const { shared, read, calls } = world();
    await read('q', 1);
    shared.changed();
    expect(await read('q', 2)).toBe(2);
    expect(calls).toEqual(['q', 'q']);
  });

  it('when another question is asked, then it has its own read', async () => {
    const { read, calls } = world();
    expect(await Promise.all([read('a', 1), read('b', 2)])).toEqual([1, 2]);
    expect(calls).toEqual(['a', 'b']);
  });

  it('when a read fails, then the next asking reads again instead of keeping the failure', async () => {
    const { shared } = world();
    await expect(shared.read('q', () => Promise.reject(new Error('store down')))).rejects.toThrow(
      'store down',
    );
    await expect(shared.read('q', async () => 5)).resolves.toBe(5);
  });
});
