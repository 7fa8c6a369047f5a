export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
}

/** Retries an assertion until it passes or the time is up; the last failure is what the test reports. */
export async function waitFor<T>(attempt: () => Promise<T> | T, options: WaitOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const intervalMs = options.intervalMs ?? 100;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
