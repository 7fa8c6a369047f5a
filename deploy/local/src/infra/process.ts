import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensureDir } from './paths';

export interface SpawnDetachedOptions {
  command: string;
  args: readonly string[];
  logFile: string;
  pidFile: string;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

export interface StopResult {
  pid?: number;
  /** False when there was no pid file or the process was already gone. */
  wasRunning: boolean;
  /** True when SIGTERM was not enough and we had to SIGKILL. */
  killed: boolean;
}

/**
 * Starts a process that outlives us: own process group, output appended to a log file,
 * pid written to a pid file. Resolves once the OS has started it (rejects on e.g. ENOENT).
 */
export function spawnDetached(opts: SpawnDetachedOptions): Promise<number> {
  ensureDir(dirname(opts.logFile));
  ensureDir(dirname(opts.pidFile));
  const fd = openSync(opts.logFile, 'a');
  writeFileSync(fd, `\n=== ${new Date().toISOString()} $ ${opts.command} ${opts.args.join(' ')}\n`);
  const child = spawn(opts.command, opts.args, {
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    detached: true,
    stdio: ['ignore', fd, fd],
  });
  // The child has its own copy of the descriptor; ours would only leak.
  closeSync(fd);
  return new Promise((resolvePid, reject) => {
    child.once('error', reject);
    child.once('spawn', () => {
      const pid = child.pid;
      if (pid === undefined) {
        reject(new Error(`${opts.command} did not get a pid`));
        return;
      }
      writeFileSync(opts.pidFile, `${pid}\n`);
      // Let the CLI exit while the server keeps running.
      child.unref();
      resolvePid(pid);
    });
  });
}

export function readPidFile(pidFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(pidFile, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function removePidFile(pidFile: string): void {
  rmSync(pidFile, { force: true });
}

/** A zombie (dead, not yet reaped by its parent) counts as dead: it will never answer again. */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

function commandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return undefined;
  }
}

function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM means it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/**
 * With `expect`, the process must also have that text in its command line, so a pid file left
 * from before a reboot never makes us wait on (or signal) an unrelated process that reused the pid.
 * Where /proc is unavailable the command line is not checked.
 */
export function isAlive(pid: number, expect?: string): boolean {
  if (!exists(pid)) return false;
  if (expect === undefined) return true;
  const cmd = commandLine(pid);
  return cmd === undefined || cmd.includes(expect);
}

/** Signals the whole process group (wrappers such as pnpm spawn children), falling back to the pid. */
function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(-pid, sig);
  } catch {
    try {
      process.kill(pid, sig);
    } catch {
      // Already gone between the check and the signal: nothing to do.
    }
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() >= deadline) return false;
    await sleep(100);
  }
  return true;
}

export interface StopOptions {
  /** Grace period after SIGTERM before SIGKILL; 10 s by default. */
  timeoutMs?: number;
  /** Text the command line must contain (see isAlive); otherwise the pid file is stale. */
  expect?: string;
}

/** SIGTERM, wait up to timeoutMs, then SIGKILL; the pid file is removed in every case. */
export async function stopByPidFile(pidFile: string, opts: StopOptions = {}): Promise<StopResult> {
  const pid = readPidFile(pidFile);
  if (pid === undefined || !isAlive(pid, opts.expect)) {
    removePidFile(pidFile);
    return { pid, wasRunning: false, killed: false };
  }
  signal(pid, 'SIGTERM');
  let killed = false;
  if (!(await waitForExit(pid, opts.timeoutMs ?? 10_000))) {
    signal(pid, 'SIGKILL');
    killed = true;
    await waitForExit(pid, 2_000);
  }
  removePidFile(pidFile);
  return { pid, wasRunning: true, killed };
}
