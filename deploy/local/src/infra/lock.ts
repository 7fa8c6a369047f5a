import { rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensureDir } from './paths';
import { isAlive, readPidFile } from './process';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A lock file whose pid is written but not yet readable is only "fresh" for this long. */
const UNREADABLE_GRACE_MS = 2_000;

function isStale(lockPath: string, owner: number | undefined): boolean {
  // Every infra command runs in node (CLI, jest, launcher), which also guards against a reused pid.
  if (owner !== undefined) return !isAlive(owner, 'node');
  try {
    return Date.now() - statSync(lockPath).mtimeMs > UNREADABLE_GRACE_MS;
  } catch {
    return true;
  }
}

function tryAcquire(lockPath: string): boolean {
  try {
    writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx' });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/**
 * Serialises start/stop of one component across processes (a CLI and a jest globalSetup may
 * race): without it both would spawn a server and one pid file would name a dead process.
 * A lock left by a dead process is taken over.
 */
export async function withLock<T>(
  lockPath: string,
  opts: { timeoutMs: number; onWait?: (owner: number | undefined) => void },
  fn: () => Promise<T>,
): Promise<T> {
  ensureDir(dirname(lockPath));
  const deadline = Date.now() + opts.timeoutMs;
  let announced = false;
  while (!tryAcquire(lockPath)) {
    const owner = readPidFile(lockPath);
    if (isStale(lockPath, owner)) {
      rmSync(lockPath, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`${lockPath} is still held by pid ${owner ?? '?'}`);
    if (!announced) opts.onWait?.(owner);
    announced = true;
    await sleep(200);
  }
  try {
    return await fn();
  } finally {
    rmSync(lockPath, { force: true });
  }
}
