/** Called at each named step where a crash is interesting; a no-op unless a test armed that step. */
export type CrashHook<Point extends string> = (point: Point) => void;

/**
 * The test-only fault hook of the crash-safety tests (`BOOKING_CRASH_AT`, `BILLING_CRASH_AT`): the process
 * kills itself with SIGKILL when it reaches the armed step. Each service's config refuses it in production.
 */
export function crashHook<Point extends string>(armedAt: Point | undefined): CrashHook<Point> {
  if (!armedAt) return () => {};
  return (point) => {
    // SIGKILL: no shutdown hook runs, nothing is flushed; exactly what a power cut or OOM kill does.
    if (point === armedAt) process.kill(process.pid, 'SIGKILL');
  };
}
