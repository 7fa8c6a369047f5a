import { locked } from './component-lock';
import { componentMode, envVarFor } from './config';
import { say } from './context';
import { seconds } from './heartbeat';
import { pidFile } from './paths';
import { stopByPidFile } from './process';
import type { InfraComponent, InfraContext } from './types';

export async function stopOne(c: InfraComponent, ctx: InfraContext): Promise<void> {
  if (componentMode(c.name, ctx.env) === 'external') {
    say(ctx, c.name, `external (${envVarFor(c.name)} is set); not stopping it`);
    return;
  }
  const started = Date.now();
  const result = await locked(c, ctx, () =>
    stopByPidFile(pidFile(ctx.env, c.name), { timeoutMs: c.stopTimeoutMs, expect: c.processMarker }),
  );
  if (!result.wasRunning) {
    say(ctx, c.name, result.pid === undefined ? 'not running' : 'not running (removed a stale pid file)');
    return;
  }
  const how = result.killed ? ', had to SIGKILL' : '';
  say(ctx, c.name, `stopped (pid ${result.pid}, ${seconds(Date.now() - started)}${how})`);
}
