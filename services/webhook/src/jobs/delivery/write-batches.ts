/**
 * Coalesces single writes into batches without waiting for a timer: the first item is written at once, and
 * the items that arrive while a write is out go together in the next one. Under load that makes one store
 * call for many items; when idle, one item costs what it did alone. Each caller's promise settles with the
 * write of its batch.
 */
export function writeInBatches<T>(write: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  let queued: Array<{ item: T; done: () => void; failed: (error: unknown) => void }> = [];
  let writing = false;

  async function flush(): Promise<void> {
    writing = true;
    while (queued.length > 0) {
      const batch = queued;
      queued = [];
      try {
        await write(batch.map((entry) => entry.item));
        for (const entry of batch) entry.done();
      } catch (error) {
        for (const entry of batch) entry.failed(error);
      }
    }
    writing = false;
  }

  return (item) =>
    new Promise<void>((done, failed) => {
      queued.push({ item, done, failed });
      if (!writing) void flush();
    });
}
