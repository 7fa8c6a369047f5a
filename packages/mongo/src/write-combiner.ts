/**
 * Writes of one key, one at a time: a caller that arrives while the key's write is out waits for the next
 * one, which carries every value that queued meanwhile. Each caller resolves with its own result once the
 * write holding its value has landed, or rejects with that write's error, so nothing is answered before it
 * is stored. Alone, a caller costs one write as before; N concurrent callers of one key cost about two.
 * (`$inc` by a sum, `$max` of several, a counter advanced by several at once.)
 */
export type CombinedWrite<V, R> = (key: string, values: V[]) => Promise<R[]>;

interface Waiter<V, R> {
  value: V;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export function createWriteCombiner<V, R = void>(write: CombinedWrite<V, R>) {
  const waiting = new Map<string, Waiter<V, R>[]>();

  async function drain(key: string): Promise<void> {
    for (let batch = waiting.get(key); batch && batch.length > 0; batch = waiting.get(key)) {
      waiting.set(key, []);
      try {
        const results = await write(
          key,
          batch.map((waiter) => waiter.value),
        );
        batch.forEach((waiter, i) => {
          waiter.resolve(results[i] as R);
        });
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    }
    waiting.delete(key);
  }

  return function combined(key: string, value: V): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const queued = waiting.get(key);
      if (queued) return void queued.push({ value, resolve, reject });
      waiting.set(key, [{ value, resolve, reject }]);
      void drain(key);
    });
  };
}
