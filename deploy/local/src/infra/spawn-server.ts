import { stepFailed } from './errors';
import { logFile, pidFile } from './paths';
import { spawnDetached } from './process';
import type { InfraContext } from './types';

/** Starts a managed server detached, output in `.local/logs/<name>.log`; a failure names the step. */
export async function spawnServer(
  ctx: InfraContext,
  name: string,
  step: string,
  command: string,
  args: readonly string[],
): Promise<number> {
  const log = logFile(ctx.env, name);
  try {
    return await spawnDetached({ command, args, logFile: log, pidFile: pidFile(ctx.env, name) });
  } catch (err) {
    throw stepFailed(name, 'start', step, log, err);
  }
}
