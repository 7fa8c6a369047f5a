import { waitFor } from './wait-for';

export interface ExactlyOptions {
  /** How long to wait for the count to reach `expected` (default 10 s). */
  timeoutMs?: number;
  /** How long it must then stay at `expected` (default 2 s): a late duplicate shows in this window. */
  settleMs?: number;
  intervalMs?: number;
}

/**
 * "Exactly N" as N, and still N after a settle window: waits until `count()` is `expected`, then reads it for
 * `settleMs` more and fails at the first other value (a duplicate that came late, a redelivery after the first).
 * Waiting for N alone stops at the first N and never sees the N+1st. The window can only miss a duplicate later
 * than it; it cannot fail a correct run however slow the machine is.
 */
export async function expectExactly(
  count: () => number | Promise<number>,
  expected: number,
  options: ExactlyOptions = {},
): Promise<void> {
  const { timeoutMs = 10_000, settleMs = 2000, intervalMs = 100 } = options;
  await waitFor(
    async () => {
      const now = await count();
      if (now !== expected) throw new Error(`expected exactly ${expected}, counted ${now}`);
    },
    { timeoutMs, intervalMs },
  );
  const until = Date.now() + settleMs;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    const now = await count();
    if (now !== expected)
      throw new Error(
        `expected exactly ${expected}, and ${expected} it was, but ${now} within ${settleMs} ms after`,
      );
  }
}
