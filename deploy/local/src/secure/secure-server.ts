import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isAlive, spawnDetached, stopByPidFile } from '../infra/process';
import { waitForReady } from '../infra/readiness';

/** A server a test started for itself: stopped by its pid, its log kept beside its data for a failure's post-mortem. */
export interface RunningServer {
  pid: number;
  logFile: string;
  stop(): Promise<void>;
}

export interface ServerSpec {
  /** The folder of its data, log and pid file. */
  dir: string;
  name: string;
  command: string;
  args: string[];
  /** Text of its command line, so a reused pid is never signalled. */
  marker: string;
  probe: (timeoutMs: number) => Promise<void>;
  readyTimeoutMs: number;
}

/** Spawns the server, waits until its probe answers (or it exits: the log's tail is in the error), else stops it. */
export async function startServer(spec: ServerSpec): Promise<RunningServer> {
  const logFile = join(spec.dir, `${spec.name}.log`);
  const pidFile = join(spec.dir, `${spec.name}.pid`);
  const pid = await spawnDetached({ command: spec.command, args: spec.args, logFile, pidFile });
  const stop = async () => {
    await stopByPidFile(pidFile, { expect: spec.marker, timeoutMs: 15_000 });
  };
  try {
    await waitForReady({
      probe: spec.probe,
      timeoutMs: spec.readyTimeoutMs,
      intervalMs: 500,
      abortIf: () => (isAlive(pid) ? undefined : `${spec.name} exited: ${tail(logFile)}`),
    });
  } catch (error) {
    await stop();
    throw new Error(`${spec.name} did not start: ${(error as Error).message}\n${tail(logFile)}`);
  }
  return { pid, logFile, stop };
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '(no log)';
  }
}
