import { createWriteCombiner } from './write-combiner';

/** A write the test finishes by hand: each call is recorded with its key and values. */
function heldWrites<R>() {
  const calls: { key: string; values: number[]; finish(results: R[]): void; fail(error: Error): void }[] = [];
  const write = (key: string, values: number[]) =>
    new Promise<R[]>((resolve, reject) => {
      calls.push({ key, values, finish: resolve, fail: reject });
    });
  return { calls, write };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('write combiner', () => {
  it('when callers of one key arrive while its write is out, then the next write carries all their values and each gets its own result', async () => {
    const { calls, write } = heldWrites<string>();
    const combined = createWriteCombiner(write);
    const first = combined('key', 1);
    const later = [combined('key', 2), combined('key', 3), combined('key', 4)];
    await settled();
    expect(calls.map((call) => call.values)).toEqual([[1]]);
    calls[0]?.finish(['one']);
    await expect(first).resolves.toBe('one');
    await settled();
    expect(calls.map((call) => call.values)).toEqual([[1], [2, 3, 4]]);
    calls[1]?.finish(['two', 'three', 'four']);
    await expect(Promise.all(later)).resolves.toEqual(['two', 'three', 'four']);
  });

  it('when a caller waits, then it is not answered before the write holding its value has landed', async () => {
    const { calls, write } = heldWrites<void>();
    const combined = createWriteCombiner(write);
    void combined('key', 1);
    let answered = false;
    const second = combined('key', 2).then(() => {
      answered = true;
    });
    await settled();
    calls[0]?.finish([]);
    await settled();
    expect(answered).toBe(false);
    calls[1]?.finish([]);
    await second;
    expect(answered).toBe(true);
  });

  it('when a write fails, then only the callers it carried are refused, and the key writes again for the next', async () => {
    const { calls, write } = heldWrites<void>();
    const combined = createWriteCombiner(write);
    const failing = combined('key', 1);
    await settled();
    calls[0]?.fail(new Error('store down'));
    await expect(failing).rejects.toThrow('store down');
    const next = combined('key', 2);
    await settled();
    expect(calls.map((call) => call.values)).toEqual([[1], [2]]);
    calls[1]?.finish([]);
    await expect(next).resolves.toBeUndefined();
  });

  it('when two keys are written at once, then neither waits for the other', async () => {
    const { calls, write } = heldWrites<void>();
    const combined = createWriteCombiner(write);
    void combined('a', 1);
    void combined('b', 2);
    await settled();
    expect(calls.map((call) => [call.key, call.values])).toEqual([
      ['a', [1]],
      ['b', [2]],
    ]);
  });
});
