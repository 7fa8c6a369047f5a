import { errorText } from './errors';
import { seconds } from './heartbeat';

export interface WaitForReadyOptions {
  probe: (timeoutMs: number) => Promise<void>;
  timeoutMs: number;
  intervalMs?: number;
  /** Returns a reason to stop waiting early, e.g. "process exited". */
  abortIf?: () => string | undefined;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls the probe until it succeeds; resolves with the elapsed ms or throws with the last error. */
export async function waitForReady(opts: WaitForReadyOptions): Promise<number> {
  const started = Date.now();
  const deadline = started + opts.timeoutMs;
  let lastError = 'no attempt made';
  while (Date.now() < deadline) {
    const attemptTimeout = Math.max(250, Math.min(2_000, deadline - Date.now()));
    try {
      await opts.probe(attemptTimeout);
      return Date.now() - started;
    } catch (err) {
      lastError = errorText(err);
    }
    const abort = opts.abortIf?.();
    if (abort) throw new Error(abort);
    await sleep(opts.intervalMs ?? 300);
  }
  throw new Error(`not ready after ${seconds(opts.timeoutMs)}: ${lastError}`);
}

/** One quick attempt, for status and for "is something already listening?". */
export async function probeOnce(
  probe: (timeoutMs: number) => Promise<void>,
  timeoutMs = 1_500,
): Promise<string | undefined> {
  try {
    await probe(timeoutMs);
    return undefined;
  } catch (err) {
    return errorText(err);
  }
}
