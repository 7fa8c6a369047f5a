import { spawn } from 'node:child_process';
import { appendFileSync, closeSync, openSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensureDir } from './paths';

export interface RunLoggedOptions {
  command: string;
  args: readonly string[];
  logFile: string;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

export interface RetryOptions {
  /** Total tries; registries answer 5xx now and then, and a cold install should not fail on one. */
  attempts: number;
  /** Called before each retry, so the terminal says why it is taking longer. */
  onRetry: (attempt: number, reason: string) => void;
}

/** runLogged, retried with growing pauses (5 s, 15 s, ...) for steps that download from a registry. */
export async function runLoggedWithRetry(opts: RunLoggedOptions, retry: RetryOptions): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLogged(opts);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      if (attempt >= retry.attempts || reason.endsWith('not found on PATH')) throw err;
      retry.onRetry(attempt, reason);
      await new Promise((resolve) => setTimeout(resolve, 5000 * (2 * attempt - 1)));
    }
  }
}

/** Runs an install step to completion with all output in a log file; rejects with a short reason. */
export function runLogged(opts: RunLoggedOptions): Promise<void> {
  ensureDir(dirname(opts.logFile));
  const fd = openSync(opts.logFile, 'a');
  writeFileSync(fd, `\n=== ${new Date().toISOString()} $ ${opts.command} ${opts.args.join(' ')}\n`);
  return new Promise<void>((resolveRun, reject) => {
    const child = spawn(opts.command, opts.args, {
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      stdio: ['ignore', fd, fd],
    });
    child.once('error', (err: NodeJS.ErrnoException) => {
      const reason = err.code === 'ENOENT' ? `${opts.command} not found on PATH` : err.message;
      // The log is where people look first, so the reason goes there too.
      appendFileSync(fd, `${reason}\n`);
      reject(new Error(reason));
    });
    child.once('close', (code, sig) => {
      if (code === 0) resolveRun();
      else reject(new Error(sig ? `killed by ${sig}` : `exit code ${code}`));
    });
  }).finally(() => closeSync(fd));
}
