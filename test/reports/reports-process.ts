import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PROFILES, processPid, restartProcess, stateRoot } from '@travel/local-deploy';
import { waitFor } from '@travel/testkit';

const run = promisify(execFile);

interface ProcessSpec {
  name: string;
  entry: string;
  env: Record<string, string>;
}

/** The reports process of the e2e stack as the launcher started it (its environment names its database and group). */
function reportsSpec(): ProcessSpec {
  const specs = JSON.parse(
    readFileSync(join(stateRoot(process.env), 'run', 'e2e-stack.json'), 'utf8'),
  ) as ProcessSpec[];
  const spec = specs.find((s) => s.name === 'reports');
  if (!spec) throw new Error('the e2e stack has no reports process');
  return spec;
}

/** `dist/rebuild.js` with the reports process's own environment (the documented rebuild command). */
export async function rebuildCommand(...args: string[]): Promise<string> {
  const spec = reportsSpec();
  const { stdout } = await run(process.execPath, [join(spec.entry, '..', 'rebuild.js'), ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...spec.env },
  });
  return stdout;
}

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
