import { PROFILES, processPid, restartProcess } from '@travel/local-deploy';
import { waitFor } from '@travel/testkit';
import { serviceCommand } from '../support/stack-commands';

/** `dist/commands/rebuild.js` with the reports process's own environment (the documented rebuild command). */
export const rebuildCommand = (...args: string[]): Promise<string> =>
  serviceCommand('reports', 'rebuild', ...args);

/** Events of the report topics the reports consumer group has not handled yet. */
export async function readModelLag(): Promise<number> {
  return (JSON.parse(await rebuildCommand('--lag')) as { lag: number }).lag;
}

/** Stops reports (SIGTERM: its consumer leaves the group), runs the rebuild command, starts it again. */
export async function rebuildWhileStopped(...args: string[]): Promise<void> {
  const pid = processPid(process.env, PROFILES.e2e, 'reports');
  if (pid !== undefined) process.kill(pid, 'SIGTERM');
  await waitFor(() => expect(processPid(process.env, PROFILES.e2e, 'reports')).toBeUndefined(), {
    timeoutMs: 20_000,
    intervalMs: 200,
  });
  // Kafka may still count the departed member for a moment; the rewind is refused until the group is empty.
  await waitFor(() => rebuildCommand(...args), { timeoutMs: 30_000, intervalMs: 1000 });
  await restartProcess(process.env, PROFILES.e2e, 'reports');
}
