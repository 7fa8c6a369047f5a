import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';

/** deploy/local: this file lives in src/infra (tests) or dist/infra (built), both two levels down. */
export const packageRoot = resolve(__dirname, '..', '..');

export const repoRoot = resolve(packageRoot, '..', '..');

/** Data, logs and pid files: in the git-ignored .local/ of the repo unless TRAVEL_LOCAL_DIR says otherwise. */
export function stateRoot(env: NodeJS.ProcessEnv): string {
  const override = env.TRAVEL_LOCAL_DIR;
  return override ? resolve(override) : join(repoRoot, '.local');
}

export function dataDir(env: NodeJS.ProcessEnv, component: string): string {
  return join(stateRoot(env), 'data', component);
}

export function logFile(env: NodeJS.ProcessEnv, name: string): string {
  return join(stateRoot(env), 'logs', `${name}.log`);
}

export function pidFile(env: NodeJS.ProcessEnv, name: string): string {
  return join(stateRoot(env), 'run', `${name}.pid`);
}

/** Installs live outside the repo so a fresh clone on the same machine starts warm. */
export function cacheRoot(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache');
  return join(base, 'partner-travel');
}

export function ensureDir(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Paths inside the repo are shown relative to it, which is shorter and copy-pasteable from the root. */
export function displayPath(path: string): string {
  const rel = relative(repoRoot, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

export function lockFile(env: NodeJS.ProcessEnv, name: string): string {
  return join(stateRoot(env), 'run', `${name}.lock`);
}

/** The lock of a build into the cache, beside it: every clone on the machine shares the cache, not `.local`. */
export function cacheLockFile(env: NodeJS.ProcessEnv, name: string): string {
  return join(cacheRoot(env), `${name}.lock`);
}
