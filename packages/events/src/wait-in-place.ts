/** What a wait between retries may ask of kafkajs' batch: keep the membership alive, notice a stop or rebalance. */
export interface BatchControls {
  heartbeat(): Promise<void>;
  isRunning(): boolean;
  isStale(): boolean;
}

/** Longest sleep between heartbeats: well inside the group's 10 s session timeout. */
const HEARTBEAT_EVERY_MS = 1000;

/**
 * Waits `ms` in place of a failed message while its partition stays assigned: a heartbeat at least every
 * second, so the group does not think this member died; false as soon as the consumer stops (`stopped`
 * aborts the sleep at once) or its partitions are being reassigned, so the caller leaves the batch and the
 * message, unresolved, is fetched again by whoever holds the partition next.
 */
export async function waitInPlace(ms: number, batch: BatchControls, stopped: AbortSignal): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (stopped.aborted || !batch.isRunning() || batch.isStale()) return false;
    const left = until - Date.now();
    if (left <= 0) return true;
    await sleep(Math.min(left, HEARTBEAT_EVERY_MS), stopped);
    if (!stopped.aborted) await batch.heartbeat();
  }
}

function sleep(ms: number, stopped: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stopped.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    stopped.addEventListener('abort', done, { once: true });
  });
}
