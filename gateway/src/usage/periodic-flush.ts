/**
 * The life of a recorder that sends what it gathered every interval: one flush at a time (a flush waits for the
 * one before it), a timer that does not keep the process alive, and a last flush on stop.
 */
export function periodicFlush(name: string, everyMs: number, pass: () => Promise<void>) {
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    flushing = flushing.then(pass);
    return flushing;
  };
  return {
    name,
    async start() {
      timer = setInterval(() => void flush(), everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
