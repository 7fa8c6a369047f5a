export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Runs fn and calls tick every `everyMs` until it settles, so long builds and waits
 * never leave a silent terminal.
 */
export async function withHeartbeat<T>(
  tick: (elapsed: string) => void,
  fn: () => Promise<T>,
  everyMs = 15_000,
): Promise<T> {
  const started = Date.now();
  const timer = setInterval(() => tick(`${Math.round((Date.now() - started) / 1000)} s`), everyMs);
  // A heartbeat alone must never keep the process alive.
  timer.unref();
  try {
    return await fn();
  } finally {
    clearInterval(timer);
  }
}
