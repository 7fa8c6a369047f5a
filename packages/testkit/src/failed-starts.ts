import { type Component, startWithRetries } from '@travel/lifecycle';
import { captureLogs } from './captured-logs';
import { waitFor } from './wait-for';

/**
 * Starts a component the way a process does (`startWithRetries`, with a short backoff) while it cannot start,
 * until it has failed `attempts` times; then stops retrying. Returns what the process logged: the retry
 * warnings' messages (one per failed attempt) and the whole log text (to check no secret is in it).
 */
export async function failedStarts(
  component: Component,
  attempts = 2,
): Promise<{ warnings: string[]; logText: string }> {
  const logs = captureLogs('failed-starts');
  let stopping = false;
  const starting = startWithRetries(component, logs.logger, { firstMs: 50, maxMs: 200 }, () => stopping);
  const warnings = () =>
    logs
      .lines()
      .filter((line) => String(line.msg).endsWith('; retrying'))
      .map((line) => String(line.msg));
  try {
    await waitFor(
      () => {
        if (warnings().length < attempts) throw new Error(`${warnings().length} failed starts so far`);
      },
      { timeoutMs: 60_000, intervalMs: 100 },
    );
  } finally {
    stopping = true;
    await starting.catch(() => undefined);
    await component.stop().catch(() => undefined);
  }
  return { warnings: warnings(), logText: logs.text() };
}
