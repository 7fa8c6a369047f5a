/**
 * The steps of a booking where a crash is interesting: after the idempotency key is claimed, after the
 * booking (with its pending events) is written, and after the outcome is known but before the answer.
 */
export const CRASH_POINTS = ['after-claim', 'after-booking-write', 'before-answer'] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

/** Called at each crash point; a no-op unless the test hook names that point. */
export type CrashHook = (point: CrashPoint) => void;

export function crashHook(armedAt: CrashPoint | undefined): CrashHook {
  if (!armedAt) return () => {};
  return (point) => {
    // SIGKILL: no shutdown hook runs, nothing is flushed; exactly what a power cut or OOM kill does.
    if (point === armedAt) process.kill(process.pid, 'SIGKILL');
  };
}
